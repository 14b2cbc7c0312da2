import { figure, plot } from './markup.js';

/** 大学物理第一章：the project's own text, written for the demo. */

const [v0, g] = [20, 10];
/** The height of a projectile thrown at `deg` degrees with speed v0, at horizontal distance x. */
const path = (deg: number) => (x: number) => {
  const t = (deg * Math.PI) / 180;
  return x * Math.tan(t) - (g * x * x) / (2 * v0 * v0 * Math.cos(t) ** 2);
};
const range = (deg: number) => (v0 * v0 * Math.sin((2 * deg * Math.PI) / 180)) / g;

const projectile = figure(
  plot({
    x: [0, 44],
    y: [0, 17],
    width: 360,
    height: 200,
    curves: [
      { f: path(30), to: range(30), color: '#389e0d', label: '30°', at: 17 },
      { f: path(45), to: range(45), label: '45°', at: 20 },
      { f: path(60), to: range(60), color: '#d46b08', label: '60°', at: 17.3 },
    ],
    labels: [{ at: [30, 15], text: 'v₀ = 20 m/s' }],
    ticks: { x: [10, 20, 30, 40], y: [5, 10, 15] },
  }),
  '以同一速率 20 m/s、不同抛射角抛出的物体的轨迹（g 取 10 m/s²，单位：m）：45° 时射程最大，30° 与 60° 射程相同',
  '图 1-1',
);

const [R, at] = [1.5, (50 * Math.PI) / 180];
const [px, py] = [R * Math.cos(at), R * Math.sin(at)];
const circular = figure(
  plot({
    x: [-2.2, 2.2],
    y: [-2, 2.4],
    width: 280,
    curves: [
      { f: (x) => Math.sqrt(R * R - x * x), from: -R, to: R, color: '#8c8c8c' },
      { f: (x) => -Math.sqrt(R * R - x * x), from: -R, to: R, color: '#8c8c8c' },
    ],
    segments: [
      { from: [0, 0], to: [px, py], color: '#8c8c8c' },
      { from: [px, py], to: [px - 0.9 * Math.sin(at), py + 0.9 * Math.cos(at)], color: '#1677ff', arrow: true },
      { from: [px, py], to: [px * 0.45, py * 0.45], color: '#d46b08', arrow: true },
    ],
    points: [{ at: [px, py], label: 'P', dx: 6, dy: 4 }],
    labels: [
      { at: [px - 0.85 * Math.sin(at) - 0.2, py + 0.9 * Math.cos(at) + 0.12], text: 'v', color: '#1677ff' },
      { at: [px * 0.6 - 0.45, py * 0.6 + 0.1], text: 'aₙ', color: '#d46b08' },
      { at: [0.8, 0.45], text: 'R' },
      { at: [0.3, 0.12], text: 'θ' },
    ],
  }),
  '匀速圆周运动：速度沿切线方向，法向加速度指向圆心',
  '图 1-2',
);

export const chapter1Figures = { projectile, circular };

export const chapter1 = String.raw`
## 1.1 位置与位移

描述质点的运动，首先要选定参考系并建立坐标系。物理学研究的对象千差万别，小到电子，大到星系，但在许多问题中物体的大小和形状并不重要，这时可以把物体看作一个只有质量而没有大小的点，称为质点。质点是一种理想模型：地球绕太阳公转时可以看作质点，研究地球自转时就不能。是否可以把物体看作质点，要看所研究的问题，而不是看物体本身的大小。

### 参考系与坐标系

运动是绝对的，但对运动的描述是相对的。坐在行驶的列车上的乘客，相对于车厢是静止的，相对于地面却在高速运动。为了描述物体的运动而选作标准的物体称为参考系。参考系选定之后，为了定量地说明物体的位置，还要在参考系上建立坐标系，最常用的是直角坐标系，此外还有极坐标系、自然坐标系等。同一运动在不同坐标系中的表达式不同，但所描述的物理事实是相同的。

### 位置矢量与运动方程

定义 1.1（位置矢量） 从坐标原点 $O$ 指向质点所在位置 $P$ 的有向线段称为质点的位置矢量，简称位矢，记作 $\vec{r}$。在直角坐标系中

$$\vec{r} = x \vec{i} + y \vec{j} + z \vec{k}$$

其中 $\vec{i}$、$\vec{j}$、$\vec{k}$ 分别是沿三个坐标轴正方向的单位矢量。位矢的大小 $r = \sqrt{x^2 + y^2 + z^2}$，方向由它与坐标轴的夹角确定。

质点运动时，位矢随时间变化，$\vec{r} = \vec{r}(t)$ 称为质点的运动方程。写成分量形式就是 $x = x(t)$，$y = y(t)$，$z = z(t)$。从分量式中消去时间 $t$，得到质点运动的轨迹方程。例如运动方程 $x = 2t$，$y = 4 - t^2$（单位：m，时间单位：s）消去 $t$ 后得到 $y = 4 - \frac{x^2}{4}$，说明质点的轨迹是一条开口向下的抛物线。

### 位移与路程

定义 1.2（位移） 质点在时间 $\Delta t$ 内从位置 $A$ 运动到位置 $B$，由 $A$ 指向 $B$ 的有向线段称为这段时间内的位移，即

$$\Delta \vec{r} = \vec{r}(t + \Delta t) - \vec{r}(t) = \Delta x \vec{i} + \Delta y \vec{j} + \Delta z \vec{k}$$

位移是矢量，它只反映始末位置的变化，而与中间经过的路径无关；质点实际经过的轨迹长度称为路程，记作 $\Delta s$，是标量。一般情况下 $|\Delta \vec{r}| \neq \Delta s$，例如沿圆周跑一圈回到起点，位移为零，路程却等于周长。只有当质点做单向直线运动，或者时间间隔趋于零时，位移的大小才与路程相等，即 $|\mathrm{d} \vec{r}| = \mathrm{d} s$。

注 要区分 $|\Delta \vec{r}|$ 与 $\Delta r$：前者是位移的大小，后者是位矢大小的增量。质点绕原点做圆周运动时 $\Delta r = 0$，而 $|\Delta \vec{r}|$ 一般不为零。

## 1.2 速度与加速度

速度是位置对时间的导数，加速度是速度对时间的导数。有了位矢，就可以借助微积分精确地描述质点运动的快慢和运动状态变化的快慢。

### 速度

定义 1.3（速度） 质点在 $\Delta t$ 内的平均速度为 $\overline{\vec{v}} = \frac{\Delta \vec{r}}{\Delta t}$。令 $\Delta t \to 0$，平均速度的极限称为质点在时刻 $t$ 的瞬时速度，简称速度：

$$\vec{v} = \lim_{\Delta t \to 0} \frac{\Delta \vec{r}}{\Delta t} = \frac{\mathrm{d} \vec{r}}{\mathrm{d} t} = \frac{\mathrm{d} x}{\mathrm{d} t} \vec{i} + \frac{\mathrm{d} y}{\mathrm{d} t} \vec{j} + \frac{\mathrm{d} z}{\mathrm{d} t} \vec{k}$$

速度的方向沿轨迹的切线并指向运动的前方，速度的大小称为速率，$v = |\vec{v}| = \frac{\mathrm{d} s}{\mathrm{d} t}$。日常所说的“车速”指的是速率。在国际单位制中速度的单位是 $\mathrm{m/s}$。

### 加速度

定义 1.4（加速度） 速度对时间的变化率称为加速度：

$$\vec{a} = \frac{\mathrm{d} \vec{v}}{\mathrm{d} t} = \frac{\mathrm{d}^2 \vec{r}}{\mathrm{d} t^2} = \frac{\mathrm{d}^2 x}{\mathrm{d} t^2} \vec{i} + \frac{\mathrm{d}^2 y}{\mathrm{d} t^2} \vec{j} + \frac{\mathrm{d}^2 z}{\mathrm{d} t^2} \vec{k}$$

加速度既反映速度大小的变化，也反映速度方向的变化。匀速圆周运动的速率不变，但速度方向时刻在变，所以加速度不为零。加速度的单位是 $\mathrm{m/s}^2$。

例 1 质点的运动方程为 $x = 2t$，$y = 4 - t^2$（SI 单位），求 $t = 1\,\mathrm{s}$ 时质点的速度和加速度。

解 对运动方程求导，$v_x = \frac{\mathrm{d} x}{\mathrm{d} t} = 2$，$v_y = \frac{\mathrm{d} y}{\mathrm{d} t} = -2t$；再求导，$a_x = 0$，$a_y = -2$。当 $t = 1$ 时，$\vec{v} = 2 \vec{i} - 2 \vec{j}$，速率 $v = 2\sqrt{2} \approx 2.83\,\mathrm{m/s}$，方向与 $x$ 轴成 $-45^{\circ}$；加速度 $\vec{a} = -2 \vec{j}$，是一个常矢量，这正是抛物线轨迹的来源。

### 瞬时的意义

初学者常常疑惑：某一时刻质点只在一个位置上，怎么会有“速度”？这正是极限概念的用处。平均速度依赖于所取的时间间隔，间隔越短，它越能反映该时刻附近运动的快慢；当间隔无限缩短时，平均速度趋于一个确定的值，这个值与间隔的取法无关，只由该时刻的运动状态决定。测速雷达、汽车的速度表读出的都是很短时间内的平均速度，由于时间足够短，可以把它当作瞬时速度。同样，加速度也是一个瞬时量，它描述的是速度在该时刻变化的快慢，而不是速度本身的大小：速度很大的匀速飞行的飞机加速度为零，刚刚起动、速度为零的汽车加速度却可能很大。

### 运动学的两类问题

质点运动学的问题大致分为两类。第一类是已知运动方程求速度和加速度，只需求导；第二类是已知加速度（或速度）和初始条件求运动方程，需要积分。由 $\mathrm{d} \vec{v} = \vec{a} \mathrm{d} t$ 得

$$\vec{v} = \vec{v}_0 + \int_0^t \vec{a} \mathrm{d} t, \quad \vec{r} = \vec{r}_0 + \int_0^t \vec{v} \mathrm{d} t$$

其中 $\vec{v}_0$、$\vec{r}_0$ 是 $t = 0$ 时的速度和位矢，称为初始条件。当加速度为常矢量时，积分给出熟悉的匀变速运动公式 $\vec{v} = \vec{v}_0 + \vec{a} t$，$\vec{r} = \vec{r}_0 + \vec{v}_0 t + \frac{1}{2} \vec{a} t^2$。

例 2 一艇关闭发动机后在水面上滑行，所受阻力使它的加速度 $a = -k v^2$，$k$ 为正常数。设关机时速度为 $v_0$，求速度随时间的变化。

解 由 $\frac{\mathrm{d} v}{\mathrm{d} t} = -k v^2$ 分离变量得 $\frac{\mathrm{d} v}{v^2} = -k \mathrm{d} t$。两边积分，$\int_{v_0}^{v} \frac{\mathrm{d} v}{v^2} = -\int_0^t k \mathrm{d} t$，得 $\frac{1}{v} - \frac{1}{v_0} = k t$，即 $v = \frac{v_0}{1 + k v_0 t}$。速度随时间逐渐减小，但在有限时间内不会减为零。

## 1.3 抛体运动

在地面附近，忽略空气阻力时，抛出的物体只受重力作用，加速度恒为 $\vec{g}$，方向竖直向下，大小约为 $9.8\,\mathrm{m/s}^2$。这种运动称为抛体运动，它是运动叠加原理的典型例子：一个运动可以看成几个各自独立进行的运动的叠加。

### 运动的分解

取抛出点为原点，$x$ 轴水平，$y$ 轴竖直向上。设初速度大小为 $v_0$，与水平方向的夹角（抛射角）为 $\theta$。水平方向不受力，做匀速直线运动；竖直方向加速度为 $-g$，做匀变速直线运动：

$$x = v_0 \cos \theta \cdot t, \quad y = v_0 \sin \theta \cdot t - \frac{1}{2} g t^2$$

消去 $t$，得到轨迹方程

$$y = x \tan \theta - \frac{g x^2}{2 v_0^2 \cos^2 \theta}$$

这是一条抛物线。令 $y = 0$ 可求出落回抛出高度所需的时间 $T = \frac{2 v_0 \sin \theta}{g}$ 和射程 $X = \frac{v_0^2 \sin 2\theta}{g}$；令 $v_y = 0$ 可求出最大高度 $H = \frac{v_0^2 \sin^2 \theta}{2 g}$。

{{fig:projectile}}

由射程公式可见，在初速率一定时，$\theta = 45^{\circ}$ 时射程最大；互余的两个抛射角（如 $30^{\circ}$ 与 $60^{\circ}$）射程相同，但大角度的轨迹更高、飞行时间更长。图 1-1 画出了三条轨迹。实际的炮弹和球类受到空气阻力，轨迹并不对称，下降段比上升段陡，最大射程对应的抛射角也小于 $45^{\circ}$。

例 3 在高为 $h = 20\,\mathrm{m}$ 的平台上以 $v_0 = 15\,\mathrm{m/s}$ 水平抛出一小球，取 $g = 10\,\mathrm{m/s}^2$，求小球落地所用时间、水平距离和落地速度。

解 竖直方向是自由落体，由 $h = \frac{1}{2} g t^2$ 得 $t = \sqrt{\frac{2h}{g}} = 2\,\mathrm{s}$。水平距离 $x = v_0 t = 30\,\mathrm{m}$。落地时 $v_x = 15\,\mathrm{m/s}$，$v_y = g t = 20\,\mathrm{m/s}$，速率 $v = \sqrt{15^2 + 20^2} = 25\,\mathrm{m/s}$，速度与水平方向的夹角满足 $\tan \alpha = \frac{4}{3}$，约为 $53^{\circ}$。

## 1.4 圆周运动

质点沿圆周的运动是曲线运动中最重要的特例，转动的车轮、绕地球运行的卫星、交流发电机中的线圈都与它有关。圆周运动既可以用线量（路程、速率）描述，也可以用角量（角位置、角速度）描述。

### 角量描述

以圆心为原点，质点所在半径与 $x$ 轴的夹角 $\theta$ 称为角位置，$\theta = \theta(t)$ 就是用角量表示的运动方程。角位置对时间的导数 $\omega = \frac{\mathrm{d} \theta}{\mathrm{d} t}$ 称为角速度，单位是 $\mathrm{rad/s}$；角速度对时间的导数 $\beta = \frac{\mathrm{d} \omega}{\mathrm{d} t}$ 称为角加速度。由弧长公式 $s = R \theta$ 求导得线量与角量的关系 $v = R \omega$。

### 切向加速度与法向加速度

把加速度分解为沿切线方向和指向圆心方向的两个分量，物理意义最为清楚。

定理 1.1 做半径为 $R$ 的圆周运动的质点，其加速度等于切向加速度与法向加速度之和：

$$\vec{a} = a_t \vec{\tau} + a_n \vec{n}, \quad a_t = \frac{\mathrm{d} v}{\mathrm{d} t} = R \beta, \quad a_n = \frac{v^2}{R} = R \omega^2$$

其中 $\vec{\tau}$ 是切向单位矢量，$\vec{n}$ 是指向圆心的单位矢量。

证 速度可以写成 $\vec{v} = v \vec{\tau}$。求导得 $\vec{a} = \frac{\mathrm{d} v}{\mathrm{d} t} \vec{\tau} + v \frac{\mathrm{d} \vec{\tau}}{\mathrm{d} t}$。单位矢量 $\vec{\tau}$ 的大小不变，只随角位置转动，在 $\mathrm{d} t$ 内转过角度 $\mathrm{d} \theta$，其增量大小为 $\mathrm{d} \theta$，方向指向圆心，即 $\frac{\mathrm{d} \vec{\tau}}{\mathrm{d} t} = \omega \vec{n}$。于是第二项为 $v \omega \vec{n} = \frac{v^2}{R} \vec{n}$，证毕。

切向加速度改变速度的大小，法向加速度改变速度的方向。匀速圆周运动 $a_t = 0$，只有法向加速度，它时刻指向圆心，又称向心加速度，如图 1-2 所示。对于一般的平面曲线运动，上述结论仍然成立，只需把 $R$ 换成轨迹在该点的曲率半径 $\rho$。

{{fig:circular}}

: 表 1-1 直线运动与圆周运动的描述对照
| 直线运动（线量） | 圆周运动（角量） | 两者的关系 |
| 位置 $x$ | 角位置 $\theta$ | $s = R \theta$ |
| 速度 $v = \frac{\mathrm{d} x}{\mathrm{d} t}$ | 角速度 $\omega = \frac{\mathrm{d} \theta}{\mathrm{d} t}$ | $v = R \omega$ |
| 加速度 $a = \frac{\mathrm{d} v}{\mathrm{d} t}$ | 角加速度 $\beta = \frac{\mathrm{d} \omega}{\mathrm{d} t}$ | $a_t = R \beta$ |
| $v = v_0 + a t$ | $\omega = \omega_0 + \beta t$ | 匀变速时成立 |
| $x = x_0 + v_0 t + \frac{1}{2} a t^2$ | $\theta = \theta_0 + \omega_0 t + \frac{1}{2} \beta t^2$ | 匀变速时成立 |

例 4 一飞轮半径 $R = 0.5\,\mathrm{m}$，从静止开始以 $\beta = 2\,\mathrm{rad/s}^2$ 匀加速转动，求 $t = 2\,\mathrm{s}$ 时轮缘上一点的切向加速度、法向加速度和总加速度。

解 $t = 2\,\mathrm{s}$ 时角速度 $\omega = \beta t = 4\,\mathrm{rad/s}$。切向加速度 $a_t = R \beta = 1\,\mathrm{m/s}^2$，法向加速度 $a_n = R \omega^2 = 8\,\mathrm{m/s}^2$，总加速度 $a = \sqrt{a_t^2 + a_n^2} = \sqrt{65} \approx 8.06\,\mathrm{m/s}^2$。可见转速较大时，加速度几乎完全由法向分量决定。

## 1.5 相对运动

同一质点的运动，在不同参考系中看来不同。雨滴相对地面竖直下落，坐在行驶汽车里的人却看到雨丝斜着打在车窗上。设参考系 $S'$ 相对参考系 $S$ 做平动，$S'$ 的原点相对 $S$ 的速度为 $\vec{u}$，则质点相对 $S$ 的速度 $\vec{v}$ 与相对 $S'$ 的速度 $\vec{v}'$ 满足

$$\vec{v} = \vec{v}' + \vec{u}$$

这称为伽利略速度变换：绝对速度等于相对速度与牵连速度的矢量和。对时间再求一次导数得 $\vec{a} = \vec{a}' + \vec{a}_0$，其中 $\vec{a}_0$ 是 $S'$ 相对 $S$ 的加速度。若两个参考系之间做匀速直线运动，则 $\vec{a} = \vec{a}'$，质点在两个参考系中的加速度相同，这一点在第二章讨论惯性系时十分重要。

例 5 一人骑车以 $4\,\mathrm{m/s}$ 的速度向东行驶，感到风从正北方吹来；当车速增加到 $8\,\mathrm{m/s}$ 时，感到风从东北方吹来。求风相对地面的速度。

解 设风对地速度 $\vec{v} = v_x \vec{i} + v_y \vec{j}$（$x$ 向东，$y$ 向北）。人看到的风速 $\vec{v}' = \vec{v} - \vec{u}$。第一次 $\vec{u} = 4 \vec{i}$，风从正北吹来说明 $\vec{v}'$ 指向正南，故 $v_x - 4 = 0$，$v_x = 4$。第二次 $\vec{u} = 8 \vec{i}$，$\vec{v}' = -4 \vec{i} + v_y \vec{j}$ 指向西南，说明两个分量相等，$v_y = -4$。所以风对地速度为 $4\sqrt{2} \approx 5.7\,\mathrm{m/s}$，从西北吹向东南。

注 伽利略变换以“时间和空间与参考系无关”为前提，只在物体速度远小于光速时适用；速度接近光速时要用狭义相对论的洛伦兹变换。

## 习题一

1. （单选）下列说法中正确的是（~~）。
（A）位移的大小总等于路程~（B）速度为零时加速度一定为零~（C）加速度恒定的运动轨迹一定是直线~（D）匀速圆周运动的加速度大小不变
2. （单选）质点的运动方程为 $x = 3t - t^3$（SI 单位），则质点在 $t = 1\,\mathrm{s}$ 时（~~）。
（A）速度为零，加速度为 $-6\,\mathrm{m/s}^2$~（B）速度为 $2\,\mathrm{m/s}$~（C）加速度为零~（D）速度为 $-3\,\mathrm{m/s}$
3. （单选）以相同速率抛出的物体，抛射角为 $30^{\circ}$ 与 $60^{\circ}$ 时（~~）。
（A）射程相同，最大高度相同~（B）射程相同，最大高度不同~（C）射程不同，最大高度相同~（D）射程与最大高度都不同
4. （填空）质点做半径 $R = 2\,\mathrm{m}$ 的圆周运动，路程 $s = t^2$（SI 单位），则 $t = 2\,\mathrm{s}$ 时切向加速度为 ＿＿＿＿，法向加速度为 ＿＿＿＿。
5. （填空）以 $v_0 = 10\,\mathrm{m/s}$ 竖直上抛一小球（$g = 10\,\mathrm{m/s}^2$），它上升的最大高度为 ＿＿＿＿，回到抛出点所用的时间为 ＿＿＿＿。
6. （计算）质点沿 $x$ 轴运动，加速度 $a = 6t$（SI 单位），$t = 0$ 时 $x_0 = 1\,\mathrm{m}$，$v_0 = 2\,\mathrm{m/s}$，求质点的运动方程。
7. （计算）质点的运动方程为 $\vec{r} = R \cos \omega t \vec{i} + R \sin \omega t \vec{j}$，其中 $R$、$\omega$ 为常数。求质点的轨迹、速度和加速度，并证明加速度指向圆心。
8. （计算）一架飞机相对空气以 $200\,\mathrm{km/h}$ 的速率飞行，风以 $50\,\mathrm{km/h}$ 的速率从西向东吹。飞行员要使飞机正北飞行，机头应指向什么方向？飞机对地速率是多少？
`;
