/** Demo site shell: what a fresh `npm start` shows in the header and footer. */
export const demoSite = {
  siteName: '高校数字教材平台',
  copyright: '© 2026 高校数字教材平台 版权所有',
  icp: '京ICP备2026000000号-1',
  toolbar: { logo: '/images/logo.svg', logoAlt: '高校数字教材平台', footerLogo: '/images/logo-white.svg' },
};

export interface DemoMenu {
  name: string;
  path: string;
  contentType: string;
  children?: DemoMenu[];
}

/** contentType: 'list' shows the menu's content list, 'single' its one page, '' a plain link. */
export const demoMenus: DemoMenu[] = [
  {
    name: '新闻资讯',
    path: '/blog-detail',
    contentType: 'list',
    children: [
      { name: '平台动态', path: '/blog-detail', contentType: 'list' },
      { name: '行业资讯', path: '/blog-detail', contentType: 'list' },
    ],
  },
  {
    name: '服务支持',
    path: '',
    contentType: '',
    children: [
      { name: '常见问题', path: '/faq', contentType: 'single' },
      { name: '研究者', path: '/researchers', contentType: 'single' },
      { name: '图书馆员', path: '/librarian', contentType: 'single' },
      { name: '出版社', path: '/publisher', contentType: 'single' },
    ],
  },
  { name: '关于我们', path: '/about', contentType: 'single' },
];

export const demoBottomMenus = [
  { name: '关于我们', url: '/about' },
  { name: '常见问题', url: '/faq' },
  { name: '客户端下载', url: '/download' },
  { name: '联系我们', url: '/about' },
];

export const demoLinks = [
  { link_name: '中华人民共和国教育部', link_pic: '/images/link-moe.svg', link_url: 'http://www.moe.gov.cn/' },
  {
    link_name: '国家智慧教育公共服务平台',
    link_pic: '/images/link-smartedu.svg',
    link_url: 'https://www.smartedu.cn/',
  },
  { link_name: '中国高等教育学会', link_pic: '/images/link-cahe.svg', link_url: 'https://www.cahe.edu.cn/' },
];

export const demoAgreement = {
  title: '用户协议',
  body: '<h2>用户协议</h2><p>欢迎使用高校数字教材平台。注册或使用本平台即表示您同意遵守本协议。</p><p>您应妥善保管账号，不得将账号转让或出借他人；平台提供的电子教材仅供个人学习使用，不得复制、传播。</p>',
};

export const demoPrivacy = {
  title: '隐私政策',
  body: '<h2>隐私政策</h2><p>我们仅收集提供服务所必需的信息：手机号用于登录与安全验证，学号与姓名用于加入班级。</p><p>未经您的同意，我们不会向第三方提供您的个人信息。</p>',
};

export const demoNews = [
  {
    title: '平台新学期教材已全部上线',
    summary: '新学期各专业核心课程的数字教材已全部上线，师生可在书架中直接阅读。',
    body: '<p>新学期各专业核心课程的数字教材已全部上线。教师可在教学空间中创建班级，学生凭班级码加入后即可在书架中阅读教材。</p>',
  },
  {
    title: '数字教材助力混合式教学',
    summary: '多所高校借助数字教材开展线上线下混合式教学，课堂互动显著提升。',
    body: '<p>多所高校借助数字教材开展混合式教学：课前预习、课堂互动与课后作业在同一平台完成。</p>',
  },
  {
    title: '关于开展教师样书申请工作的通知',
    summary: '认证教师可在线申请免费样书，审核通过后自动加入书架。',
    body: '<p>认证为教师的用户可在个人中心申请免费样书，每年有一定配额，审核通过后样书将自动加入您的书架。</p>',
  },
];

/** 行业资讯: news of the field (the staff replace them with their own). */
export const demoIndustryNews = [
  {
    title: '教育部推进高等教育数字化教材建设',
    summary: '新一批国家级数字教材建设项目启动，重点支持核心课程与新兴学科的数字教材开发。',
    body: '<p>新一批国家级数字教材建设项目近日启动。项目重点支持核心基础课程与新兴交叉学科的数字教材开发，鼓励教材与课程资源、在线作业和学习数据相互贯通。</p><p>各高校可结合本校课程建设规划申报，入选教材将在国家智慧教育公共服务平台展示。</p>',
  },
  {
    title: '数字教材标准化：EPUB 3 在高校出版中的应用',
    summary: '采用 EPUB 3 标准的数字教材支持公式、音视频与无障碍阅读，正在成为高校出版的主流格式。',
    body: '<p>EPUB 3 支持 MathML 公式、SVG 图形、音视频与无障碍导航，使同一本教材可以在电脑、平板与手机上获得一致的阅读体验。</p><p>多家高校出版社已将新出版教材的数字版本统一为 EPUB 3 格式。</p>',
  },
  {
    title: '高校图书馆探索数字教材统一采购与授权',
    summary: '图书馆统一采购、按班级授权的模式降低了学生的教材成本，也便于教师开展混合式教学。',
    body: '<p>越来越多的高校图书馆开始统一采购数字教材，并按课程与班级向学生授权。学生凭班级码即可在线阅读，教师可据此布置章节作业、查看学习进度。</p>',
  },
];

/** Contact details on /about (联系我们 in the footer opens it); site content the staff edit. */
export const demoContact = {
  phone: '010-6000 0000',
  email: 'service@textbook.example.cn',
  address: '北京市海淀区学院路 1 号',
  hours: '工作日 9:00–17:30',
};

export const demoPages: Record<string, { title: string; body: string }> = {
  常见问题: {
    title: '常见问题',
    body: '<h3>如何加入班级？</h3><p>登录后进入个人中心的“加入班级”，输入教师提供的班级码、学号和姓名即可。</p><h3>忘记密码怎么办？</h3><p>在登录框选择“忘记密码”，通过手机验证码重设密码。</p>',
  },
  研究者: { title: '研究者', body: '<p>为研究者提供跨学科的数字教材检索与引用服务。</p>' },
  图书馆员: { title: '图书馆员', body: '<p>图书馆员可为本校师生统一开通教材授权，并查看使用统计。</p>' },
  出版社: { title: '出版社', body: '<p>出版社可在平台发布数字教材，管理版本与销售。</p>' },
  关于我们: {
    title: '关于我们',
    body:
      '<p>高校数字教材平台由出版社与高校共同建设，为师生提供便捷、可靠的在线教材阅读与教学服务。</p>' +
      `<h3 id="contact">联系我们</h3><ul><li>客服电话：${demoContact.phone}（${demoContact.hours}）</li>` +
      `<li>电子邮箱：${demoContact.email}</li><li>地址：${demoContact.address}</li></ul>`,
  },
};

export const demoColleges = ['示范大学', '联合职业技术学院'];

/** Demo accounts, one per role and a second student (README lists them). Roles are per college. */
export const demoMembers = [
  { phone: '13800000000', userName: '普通用户', realName: '', memberships: [] },
  { phone: '13800000001', userName: '院校管理员', realName: '王管理', memberships: [{ college: 0, roles: '1' }] },
  {
    phone: '13800000002',
    userName: '李老师',
    realName: '李明',
    memberships: [
      { college: 0, roles: '2' },
      { college: 1, roles: '2' },
    ],
  },
  {
    phone: '13800000003',
    userName: '张同学',
    realName: '张小华',
    studentId: '2026001',
    memberships: [{ college: 0, roles: '3' }],
  },
  {
    phone: '13800000004',
    userName: '陈同学',
    realName: '陈思远',
    studentId: '2026002',
    memberships: [{ college: 0, roles: '3' }],
  },
] as const;
