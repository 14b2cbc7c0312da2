/** Every user-facing message of the spec, verbatim. Server and web import them from here. */
export const Msg = {
  // §8 defaults
  UNAUTHORIZED: '认证失败，无法访问系统资源',
  FORBIDDEN: '当前操作没有权限',
  NOT_FOUND: '访问资源不存在',
  UNKNOWN: '系统未知错误，请反馈给管理员',
  SESSION_EXPIRED: '登录状态已过期，您可以继续留在该页面，或者重新登录',
  // §8 transport
  NETWORK: '后端接口连接异常',
  TIMEOUT: '系统接口请求超时',
  HTTP_STATUS: (status: number) => `系统接口${status}异常`,
  GENERIC: '系统接口异常',
  DUPLICATE_SUBMIT: '数据正在处理，请勿重复提交',
  // §8 empty states
  EMPTY: '暂无内容',
  PAGE_NOT_FOUND: '页面找不到了~',
  MAINTENANCE: '系统维护',
  EMPTY_SEARCH: '暂无搜索内容',
  NO_TEXTBOOK: '未添加教材',
  // §5 validation
  PHONE_FORMAT: '手机号格式不正确',
  INCOMPLETE: '请将信息填写完整',
  PASSWORD_TOO_LONG: '密码长度最大20位',
  PASSWORD_TOO_SHORT: '密码长度最小12位',
  PASSWORD_CLASSES: '密码至少包含数字、小写字母、大写字母和特殊符号4类',
  PASSWORD_MISMATCH: '两次密码不一致',
  AGREEMENT_REQUIRED: '请勾选用户协议与隐私政策',
  BIND_SUCCESS: '绑定成功',
  NO_AGREEMENT: '未获取到用户协议',
  NO_PRIVACY: '未获取到隐私政策',
  // paging
  PAGE_SIZE_RANGE: '每页条数须在1到999之间',
  PAGE_NUM_RANGE: '页码须为不小于1的整数',
  // misc
  OTHER_COLLEGE: (college: string) => `请切换至${college}后使用。`,
  AUDIT_FAILED: (reason: string) => `因内容审核不通过，建议修改后重新发布（${reason}）`,
  TOO_LARGE: '上传内容过大',
  RATE_LIMITED: '操作过于频繁，请稍后再试',
  BAD_REQUEST: '请求参数不正确',
  NUL_CHARACTER: '输入内容含有不允许的空字符，请删除后重试',
  /** Text that is not well-formed Unicode (a lone surrogate): it cannot be stored as given. */
  BROKEN_CHARACTER: '输入内容含有无法识别的字符，请删除后重试',
  TOO_DEEP: '请求内容层级过深，请检查后重试',
  BAD_MULTIPART: '上传内容格式不正确，请重新选择文件上传',
  RANGE_NOT_SATISFIABLE: '请求的文件范围无效',
  NOT_READY: '服务暂不可用，请稍后再试',
  IMAGE_TOO_MANY_PIXELS: (megapixels: number) => `图片尺寸过大（超过${megapixels}百万像素），请缩小后重新上传`,
  // books
  SEARCH_TOO_LONG: '搜索内容不能超过50个字',
  SEARCH_EMPTY: '请输入搜索内容',
  BOOK_TITLE_REQUIRED: '请输入书名',
  BOOKLIST_NAME_REQUIRED: '请输入书单名称',
  EPUB_REQUIRED: '请上传 EPUB 或 PDF 格式的电子书',
  PDF_INVALID: '文件不是有效的 PDF 文件（缺少 %PDF- 文件头）',
  BOOK_UNKNOWN_IDS: '所选图书不存在',
  // EPUB import: the container itself (the EPUB 3.3 ZIP rules)
  EPUB_COMPRESSION_UNSUPPORTED: (method: string, file: string) =>
    `EPUB 中的文件 ${file} 使用了不支持的压缩方式 ${method}：EPUB 内的文件只能用 Deflate 压缩或不压缩，请重新打包`,
  EPUB_SPLIT_ARCHIVE: 'EPUB 是分卷（分段）压缩包中的一卷，无法导入：请重新打包为单个完整的 ZIP 文件',
} as const;
