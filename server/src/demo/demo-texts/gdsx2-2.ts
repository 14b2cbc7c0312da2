import { figure, plot } from './markup.js';

/** 高等数学（下册）第二章：the project's own text, written for the demo. */

const region = figure(
  plot({
    x: [0, 1.25],
    y: [0, 1.15],
    width: 300,
    curves: [
      { f: (x) => x, from: 0, to: 1.12, color: '#1677ff' },
      { f: (x) => x * x, from: 0, to: 1.07, color: '#d46b08' },
    ],
    segments: [
      { from: [0.6, 0.36], to: [0.6, 0.6], color: '#389e0d', dash: false },
      { from: [0.6, 0], to: [0.6, 0.36], color: '#389e0d' },
      { from: [1, 0], to: [1, 1] },
      { from: [0, 1], to: [1, 1] },
    ],
    points: [{ at: [0.6, 0.36] }, { at: [0.6, 0.6] }, { at: [1, 1], label: '(1, 1)', dx: 6, dy: 12 }],
    labels: [
      { at: [0.36, 0.5], text: 'y = x', color: '#1677ff' },
      { at: [0.74, 0.4], text: 'y = x²', color: '#d46b08' },
      { at: [0.42, 0.3], text: 'D' },
      { at: [0.57, -0.08], text: 'x' },
    ],
    ticks: { x: [1], y: [1] },
  }),
  '区域 D 由 y = x 与 y = x² 围成：在 [0, 1] 内任取 x，竖线与 D 相交的线段从 y = x² 到 y = x，这给出先对 y 后对 x 的积分限',
  '图 2-1',
);

const theta = 0.7;
const rho = 2 * Math.cos(theta);
const polar = figure(
  plot({
    x: [-0.4, 2.4],
    y: [-1.25, 1.35],
    width: 300,
    curves: [
      { f: (x) => Math.sqrt(Math.max(0, 1 - (x - 1) ** 2)), from: 0, to: 2, color: '#1677ff' },
      { f: (x) => -Math.sqrt(Math.max(0, 1 - (x - 1) ** 2)), from: 0, to: 2, color: '#1677ff' },
      {
        f: (x) => Math.sqrt(Math.max(0, 0.09 - x * x)),
        from: 0.3 * Math.cos(theta),
        to: 0.3,
        color: '#d46b08',
      },
    ],
    segments: [
      { from: [0, 0], to: [rho * Math.cos(theta), rho * Math.sin(theta)], color: '#d46b08', dash: false },
      { from: [1, -1.15], to: [1, 1.15], color: '#8c8c8c' },
    ],
    points: [{ at: [rho * Math.cos(theta), rho * Math.sin(theta)], label: 'ρ = 2cos θ', dx: 6, dy: -4 }],
    labels: [
      { at: [0.34, 0.1], text: 'θ', color: '#d46b08' },
      { at: [1.35, -0.45], text: 'D', color: '#1677ff' },
      { at: [1.55, -1.05], text: 'x² + y² = 2x', color: '#1677ff' },
    ],
    ticks: { x: [1, 2], y: [-1, 1] },
  }),
  '圆域 x² + y² ≤ 2x 在极坐标下的表示：从原点出发、极角为 θ 的射线在圆内的一段是 0 ≤ ρ ≤ 2cos θ，θ 从 −π/2 变到 π/2',
  '图 2-2',
);

export const chapter2Figures = { region, polar };

export const chapter2 = String.raw`
## 2.1 二重积分的概念

二重积分可以理解为曲顶柱体的体积，是定积分在平面区域上的推广。上册用“分割、近似、求和、取极限”的方法，把曲边梯形的面积归结为定积分；同样的方法用于平面区域上的二元函数，就得到二重积分。

### 两个实例

设有一个立体，它的底是 $xOy$ 面上的有界闭区域 $D$，侧面是以 $D$ 的边界曲线为准线、母线平行于 $z$ 轴的柱面，顶是曲面 $z = f(x, y)$，这里 $f(x, y) \geq 0$ 且在 $D$ 上连续。这种立体称为曲顶柱体。平顶柱体的体积等于底面积乘以高，而曲顶柱体的高是变化的，不能直接套用这个公式。

我们把区域 $D$ 任意分成 $n$ 个小闭区域 $\Delta \sigma_1, \Delta \sigma_2, \ldots, \Delta \sigma_n$，$\Delta \sigma_i$ 也表示第 $i$ 个小区域的面积。以每个小区域为底作小曲顶柱体，由于 $f$ 连续，当小区域很小时，小曲顶柱体可以近似看作平顶柱体：在 $\Delta \sigma_i$ 中任取一点 $(\xi_i, \eta_i)$，以 $f(\xi_i, \eta_i)$ 为高，它的体积近似等于 $f(\xi_i, \eta_i) \Delta \sigma_i$。把这些近似值加起来，再让分割无限加细，就得到曲顶柱体的体积

$$V = \lim_{\lambda \to 0} \sum_{i = 1}^{n} f(\xi_i, \eta_i) \Delta \sigma_i$$

其中 $\lambda$ 是各小区域直径的最大值，区域的直径是指区域中任意两点间距离的最大值。

再看一个物理问题。设一块平面薄片占有区域 $D$，它在点 $(x, y)$ 处的面密度为 $\mu(x, y)$。如果密度是常数，薄片的质量等于面密度乘以面积；密度变化时，同样先分割、再近似、后求和、取极限，得到的质量是同一种形式的和式极限。几何、物理和工程中许多量都归结为这种和式的极限，于是把它抽象为下面的定义。

### 二重积分的定义

定义 2.1（二重积分） 设 $f(x, y)$ 是有界闭区域 $D$ 上的有界函数。将 $D$ 任意分成 $n$ 个小闭区域 $\Delta \sigma_i$，在每个 $\Delta \sigma_i$ 上任取一点 $(\xi_i, \eta_i)$，作和式 $\sum_{i = 1}^{n} f(\xi_i, \eta_i) \Delta \sigma_i$。如果当各小区域直径的最大值 $\lambda \to 0$ 时，这个和式的极限总存在，且与区域的分法及点的取法无关，则称此极限为 $f(x, y)$ 在 $D$ 上的二重积分，记作

$$\iint_D f(x, y) \d \sigma = \lim_{\lambda \to 0} \sum_{i = 1}^{n} f(\xi_i, \eta_i) \Delta \sigma_i$$

其中 $f(x, y)$ 称为被积函数，$D$ 称为积分区域，$\d \sigma$ 称为面积元素。在直角坐标系中常用平行于坐标轴的直线网分割区域，这时小区域大多是矩形，面积元素记作 $\d x \d y$。可以证明，在有界闭区域上连续的函数，其二重积分一定存在。

按照这个定义，曲顶柱体的体积是 $V = \iint_D f(x, y) \d \sigma$，平面薄片的质量是 $M = \iint_D \mu(x, y) \d \sigma$。当 $f(x, y) = 1$ 时，二重积分等于区域 $D$ 的面积。

### 二重积分的性质

二重积分与定积分有完全类似的性质，下面假定所涉及的积分都存在，并用 $\sigma$ 表示区域 $D$ 的面积。

性质 2.1（线性性） 对任意常数 $\alpha$、$\beta$，$\iint_D \left[\alpha f(x, y) + \beta g(x, y)\right] \d \sigma = \alpha \iint_D f(x, y) \d \sigma + \beta \iint_D g(x, y) \d \sigma$。

性质 2.2（区域可加性） 如果 $D$ 被分成两个没有公共内点的闭区域 $D_1$ 与 $D_2$，那么 $D$ 上的积分等于 $D_1$ 与 $D_2$ 上的积分之和。

性质 2.3（估值不等式） 如果在 $D$ 上 $m \leq f(x, y) \leq M$，那么 $m \sigma \leq \iint_D f(x, y) \d \sigma \leq M \sigma$。

定理 2.1（积分中值定理） 设函数 $f(x, y)$ 在有界闭区域 $D$ 上连续，则在 $D$ 上至少存在一点 $(\xi, \eta)$，使得 $\iint_D f(x, y) \d \sigma = f(\xi, \eta) \sigma$。

证 由于 $f$ 在有界闭区域上连续，它取得最小值 $m$ 和最大值 $M$。由性质 2.3，数值 $\frac{1}{\sigma} \iint_D f(x, y) \d \sigma$ 介于 $m$ 与 $M$ 之间；再由连续函数的介值定理，$D$ 上存在一点 $(\xi, \eta)$，使函数在该点的值恰好等于这个数，两边乘以 $\sigma$ 即得结论。

中值定理的几何意义是：曲顶柱体的体积等于以 $D$ 为底、以某一点处的函数值为高的平顶柱体的体积，$\frac{1}{\sigma} \iint_D f \d \sigma$ 称为函数在 $D$ 上的平均值。

例 1 估计积分 $I = \iint_D (x + y + 1) \d \sigma$ 的值，其中 $D$ 是矩形 $0 \leq x \leq 1$，$0 \leq y \leq 2$。

解 在 $D$ 上 $1 \leq x + y + 1 \leq 4$，而 $D$ 的面积 $\sigma = 2$，所以 $2 \leq I \leq 8$。稍后用累次积分可以算出 $I = 5$，确实落在这个范围内。

### 化为累次积分

直接用定义计算二重积分通常很困难，实际计算是把它化为两次定积分。设积分区域可以表示为

$$D = \{(x, y) \mid a \leq x \leq b, \varphi_1(x) \leq y \leq \varphi_2(x)\}$$

这种区域的特点是：穿过 $D$ 内部且平行于 $y$ 轴的直线与 $D$ 的边界相交不多于两点，称为 X 型区域。仍以曲顶柱体为例，用平面 $x = x_0$ 去截它，截面是一个曲边梯形，面积为 $A(x_0) = \int_{\varphi_1(x_0)}^{\varphi_2(x_0)} f(x_0, y) \d y$。由上册中“已知平行截面面积求体积”的方法，柱体的体积是 $\int_a^b A(x) \d x$，于是

$$\iint_D f(x, y) \d \sigma = \int_a^b \d x \int_{\varphi_1(x)}^{\varphi_2(x)} f(x, y) \d y$$

右端称为先对 $y$、后对 $x$ 的累次积分：先把 $x$ 看作常数，对 $y$ 从 $\varphi_1(x)$ 积到 $\varphi_2(x)$，得到 $x$ 的函数，再对 $x$ 从 $a$ 积到 $b$。类似地，若 $D$ 是 Y 型区域 $c \leq y \leq d$，$\psi_1(y) \leq x \leq \psi_2(y)$，则可以化为先对 $x$、后对 $y$ 的累次积分。

定积分的积分限是常数，而累次积分的内层积分限一般是外层变量的函数。确定积分限最可靠的办法是画出区域的图形：先确定外层变量的变化范围，再在这个范围内任取一个值，作一条平行于坐标轴的直线穿过区域，看它从哪条边界曲线进入、从哪条边界曲线穿出（图 2-1）。

{{fig:region}}

例 2 计算 $\iint_D x y \d \sigma$，其中 $D$ 是由直线 $y = x$ 与抛物线 $y = x^2$ 所围成的闭区域。

解 两条曲线交于点 $(0, 0)$ 与 $(1, 1)$。由图 2-1，$D$ 是 X 型区域 $0 \leq x \leq 1$，$x^2 \leq y \leq x$，所以

$$\iint_D x y \d \sigma = \int_0^1 x \d x \int_{x^2}^{x} y \d y = \int_0^1 \frac{x^3 - x^5}{2} \d x = \frac{1}{2}\left(\frac{1}{4} - \frac{1}{6}\right) = \frac{1}{24}$$

例 3 计算 $\int_0^1 \d x \int_x^1 e^{-y^2} \d y$。

解 函数 $e^{-y^2}$ 的原函数不是初等函数，按所给次序无法先对 $y$ 积分。积分区域是 $0 \leq x \leq 1$，$x \leq y \leq 1$，它也可以看作 Y 型区域 $0 \leq y \leq 1$，$0 \leq x \leq y$。交换积分次序，得

$$\int_0^1 \d y \int_0^y e^{-y^2} \d x = \int_0^1 y e^{-y^2} \d y = \frac{1}{2}\left(1 - e^{-1}\right)$$

例 3 说明，积分次序的选择有时决定了积分能否算出来。选择次序时既要看区域的形状，也要看被积函数的特点。

## 2.2 极坐标下的计算

当积分区域是圆或扇形时，改用极坐标往往让计算大为简化。这时区域的边界用极坐标表示较为简单，被积函数中又常含有 $x^2 + y^2$，在极坐标下它就是 $\rho^2$。

直角坐标与极坐标的关系是 $x = \rho \cos \theta$，$y = \rho \sin \theta$。用以极点为中心的一族同心圆 $\rho = $ 常数和从极点出发的一族射线 $\theta = $ 常数分割区域。由半径为 $\rho$ 与 $\rho + \Delta \rho$ 的两段圆弧和极角为 $\theta$ 与 $\theta + \Delta \theta$ 的两条射线围成的小区域，面积为

$$\Delta \sigma = \frac{1}{2}(\rho + \Delta \rho)^2 \Delta \theta - \frac{1}{2}\rho^2 \Delta \theta = \rho \Delta \rho \Delta \theta + \frac{1}{2}(\Delta \rho)^2 \Delta \theta$$

略去高阶无穷小，得到极坐标下的面积元素 $\d \sigma = \rho \d \rho \d \theta$，于是

$$\iint_D f(x, y) \d \sigma = \iint_D f(\rho \cos \theta, \rho \sin \theta) \rho \d \rho \d \theta$$

注意面积元素中的因子 $\rho$ 不能遗漏，它反映了离极点越远，同样的 $\Delta \rho$、$\Delta \theta$ 所围小区域越大。极坐标下的二重积分同样化为累次积分计算，一般先对 $\rho$、后对 $\theta$。如果从极点出发的射线穿过区域时与边界相交于 $\rho = \rho_1(\theta)$ 与 $\rho = \rho_2(\theta)$，而 $\theta$ 的范围是 $[\alpha, \beta]$，则

$$\iint_D f \d \sigma = \int_\alpha^\beta \d \theta \int_{\rho_1(\theta)}^{\rho_2(\theta)} f(\rho \cos \theta, \rho \sin \theta) \rho \d \rho$$

下表列出了几种常见区域的极坐标表示，其中 $a \gt 0$。圆 $x^2 + y^2 = 2a x$ 的极坐标方程 $\rho = 2a \cos \theta$ 是把 $x^2 + y^2 = \rho^2$ 与 $x = \rho \cos \theta$ 代入后约去 $\rho$ 得到的（图 2-2）。

: 表 2-1 常见区域的极坐标表示
| 区域 | $\theta$ 的范围 | $\rho$ 的范围 |
| 圆域 $x^2 + y^2 \leq a^2$ | $0 \leq \theta \leq 2\pi$ | $0 \leq \rho \leq a$ |
| 圆环 $a^2 \leq x^2 + y^2 \leq b^2$ | $0 \leq \theta \leq 2\pi$ | $a \leq \rho \leq b$ |
| 第一象限内的四分之一圆域 | $0 \leq \theta \leq \frac{\pi}{2}$ | $0 \leq \rho \leq a$ |
| 圆域 $x^2 + y^2 \leq 2a x$ | $-\frac{\pi}{2} \leq \theta \leq \frac{\pi}{2}$ | $0 \leq \rho \leq 2a \cos \theta$ |
| 圆域 $x^2 + y^2 \leq 2a y$ | $0 \leq \theta \leq \pi$ | $0 \leq \rho \leq 2a \sin \theta$ |

{{fig:polar}}

例 4 计算 $\iint_D e^{-x^2 - y^2} \d \sigma$，其中 $D$ 是圆域 $x^2 + y^2 \leq a^2$。

解 在极坐标下 $D$ 为 $0 \leq \theta \leq 2\pi$，$0 \leq \rho \leq a$，于是

$$\iint_D e^{-x^2 - y^2} \d \sigma = \int_0^{2\pi} \d \theta \int_0^a e^{-\rho^2} \rho \d \rho = 2\pi \cdot \frac{1}{2}\left(1 - e^{-a^2}\right) = \pi\left(1 - e^{-a^2}\right)$$

这个积分在直角坐标下无法算出，因为 $e^{-x^2}$ 的原函数不是初等函数；换成极坐标后，因子 $\rho$ 恰好使内层积分可以凑微分。

例 5 证明概率论中的重要结果 $\int_{-\infty}^{+\infty} e^{-x^2} \d x = \sqrt{\pi}$。

证 记 $D_R$ 为圆域 $x^2 + y^2 \leq R^2$，$S$ 为正方形 $|x| \leq R$，$|y| \leq R$，则 $D_R \subset S \subset D_{\sqrt{2} R}$。由于被积函数 $e^{-x^2 - y^2}$ 是正的，三个区域上的积分依次增大。由例 4，并注意 $S$ 上的积分等于 $\left(\int_{-R}^{R} e^{-x^2} \d x\right)^2$，得

$$\pi\left(1 - e^{-R^2}\right) \leq \left(\int_{-R}^{R} e^{-x^2} \d x\right)^2 \leq \pi\left(1 - e^{-2R^2}\right)$$

令 $R \to +\infty$，左右两端都趋于 $\pi$，由夹逼准则得 $\left(\int_{-\infty}^{+\infty} e^{-x^2} \d x\right)^2 = \pi$，开方即得结论。

例 6 求球体 $x^2 + y^2 + z^2 \leq 4$ 被圆柱面 $x^2 + y^2 = 2x$ 所截得的（含在圆柱面内的部分）立体的体积。

解 由对称性，所求体积是第一卦限部分的 4 倍。第一卦限部分以 $D$：$0 \leq \theta \leq \frac{\pi}{2}$，$0 \leq \rho \leq 2\cos \theta$ 为底，以球面 $z = \sqrt{4 - \rho^2}$ 为顶。先对 $\rho$ 积分，得 $\int_0^{2\cos \theta} \sqrt{4 - \rho^2} \rho \d \rho = \frac{8}{3}\left(1 - \sin^3 \theta\right)$，于是

$$V = 4 \int_0^{\frac{\pi}{2}} \frac{8}{3}\left(1 - \sin^3 \theta\right) \d \theta = \frac{32}{3}\left(\frac{\pi}{2} - \frac{2}{3}\right)$$

注意 $\sqrt{4 - 4\cos^2 \theta} = 2|\sin \theta|$，这里 $\theta \in [0, \frac{\pi}{2}]$，绝对值可以直接去掉；若在 $[-\frac{\pi}{2}, \frac{\pi}{2}]$ 上积分而忽略绝对值，就会得出错误的结果，这正是先利用对称性的好处。

## 2.3 三重积分

二重积分的定义可以原样推广到空间区域上的三元函数。设函数 $f(x, y, z)$ 在空间有界闭区域 $\Omega$ 上有界，把 $\Omega$ 任意分成 $n$ 个小闭区域 $\Delta v_i$，在每个小区域上任取一点 $(\xi_i, \eta_i, \zeta_i)$，作和式并让各小区域直径的最大值趋于零，所得的极限称为三重积分。

定义 2.2（三重积分） 如果上述和式的极限存在，且与区域的分法及点的取法无关，则称此极限为函数 $f(x, y, z)$ 在 $\Omega$ 上的三重积分，记作

$$\iiint_\Omega f(x, y, z) \d v = \lim_{\lambda \to 0} \sum_{i = 1}^{n} f(\xi_i, \eta_i, \zeta_i) \Delta v_i$$

其中 $\d v$ 称为体积元素，在直角坐标系中记作 $\d x \d y \d z$。如果 $f(x, y, z)$ 表示物体在点 $(x, y, z)$ 处的密度，三重积分就是物体的质量；当 $f = 1$ 时，三重积分等于 $\Omega$ 的体积。三重积分的性质与二重积分完全类似，这里不再一一列举。

### 投影法

设平行于 $z$ 轴且穿过 $\Omega$ 内部的直线与 $\Omega$ 的边界曲面相交不多于两点，把 $\Omega$ 投影到 $xOy$ 面上得到平面区域 $D_{xy}$，$\Omega$ 可以表示为 $z_1(x, y) \leq z \leq z_2(x, y)$，$(x, y) \in D_{xy}$。先把 $x$、$y$ 看作常数对 $z$ 积分，再在 $D_{xy}$ 上计算二重积分，即

$$\iiint_\Omega f(x, y, z) \d v = \iint_{D_{xy}} \d x \d y \int_{z_1(x, y)}^{z_2(x, y)} f(x, y, z) \d z$$

这种方法常称为“先一后二”。

例 7 计算 $\iiint_\Omega x \d v$，其中 $\Omega$ 是平面 $x + y + z = 1$ 与三个坐标面所围成的四面体。

解 $\Omega$ 在 $xOy$ 面上的投影是三角形 $0 \leq x \leq 1$，$0 \leq y \leq 1 - x$，而 $0 \leq z \leq 1 - x - y$。于是

$$\iiint_\Omega x \d v = \int_0^1 x \d x \int_0^{1 - x} \d y \int_0^{1 - x - y} \d z = \int_0^1 \frac{x(1 - x)^2}{2} \d x = \frac{1}{24}$$

### 柱面坐标与球面坐标

当积分区域是圆柱体、圆锥体或球体，被积函数含有 $x^2 + y^2$ 或 $x^2 + y^2 + z^2$ 时，宜采用柱面坐标或球面坐标。柱面坐标就是在 $xOy$ 面上用极坐标而保留 $z$：$x = \rho \cos \theta$，$y = \rho \sin \theta$，$z = z$，体积元素为 $\d v = \rho \d \rho \d \theta \d z$。球面坐标用点到原点的距离 $r$、向径与 $z$ 轴正向的夹角 $\varphi$ 以及极角 $\theta$ 确定点的位置：

$$x = r \sin \varphi \cos \theta, \quad y = r \sin \varphi \sin \theta, \quad z = r \cos \varphi$$

其中 $r \geq 0$，$0 \leq \varphi \leq \pi$，$0 \leq \theta \leq 2\pi$。球面坐标下的小区域近似是一个长方体，三条棱长分别为 $\d r$、$r \d \varphi$ 和 $r \sin \varphi \d \theta$，所以体积元素为 $\d v = r^2 \sin \varphi \d r \d \varphi \d \theta$。

: 表 2-2 三种坐标系下的体积元素
| 坐标系 | 变换公式 | 体积元素 | 适用的区域 |
| 直角坐标 | — | $\d x \d y \d z$ | 长方体、由平面围成的区域 |
| 柱面坐标 | $x = \rho \cos \theta$，$y = \rho \sin \theta$，$z = z$ | $\rho \d \rho \d \theta \d z$ | 圆柱体、旋转抛物面围成的区域 |
| 球面坐标 | $x = r \sin \varphi \cos \theta$，$y = r \sin \varphi \sin \theta$，$z = r \cos \varphi$ | $r^2 \sin \varphi \d r \d \varphi \d \theta$ | 球体、圆锥体 |

例 8 计算 $\iiint_\Omega z \d v$，其中 $\Omega$ 是旋转抛物面 $z = x^2 + y^2$ 与平面 $z = 4$ 所围成的区域。

解 两曲面的交线是平面 $z = 4$ 上的圆 $x^2 + y^2 = 4$。在柱面坐标下 $\Omega$ 为 $0 \leq \theta \leq 2\pi$，$0 \leq \rho \leq 2$，$\rho^2 \leq z \leq 4$，所以

$$\iiint_\Omega z \d v = \int_0^{2\pi} \d \theta \int_0^2 \rho \d \rho \int_{\rho^2}^{4} z \d z = 2\pi \int_0^2 \frac{16\rho - \rho^5}{2} \d \rho = \frac{64\pi}{3}$$

例 9 用球面坐标求半径为 $R$ 的球体的体积。

解 球体 $x^2 + y^2 + z^2 \leq R^2$ 在球面坐标下为 $0 \leq r \leq R$，$0 \leq \varphi \leq \pi$，$0 \leq \theta \leq 2\pi$，所以

$$V = \int_0^{2\pi} \d \theta \int_0^{\pi} \sin \varphi \d \varphi \int_0^R r^2 \d r = 2\pi \cdot 2 \cdot \frac{R^3}{3} = \frac{4}{3}\pi R^3$$

这正是中学里熟知的公式，现在我们有了它的一个严格推导。

## 2.4 重积分的应用

重积分的应用非常广泛，凡是可以“分割、近似、求和、取极限”的分布在区域上的量，都可以用重积分来计算。实际应用时通常采用元素法：在区域内任取一个小区域 $\d \sigma$，写出所求量在这个小区域上的近似值，即所求量的元素，然后在整个区域上积分。

### 曲面的面积

设曲面 $S$ 由方程 $z = f(x, y)$ 给出，$D$ 是它在 $xOy$ 面上的投影区域，$f$ 具有连续偏导数。在小区域 $\d \sigma$ 上，曲面可以用切平面近似，而切平面上相应小块的面积等于 $\d \sigma$ 除以切平面法向量与 $z$ 轴夹角的余弦，由此得到曲面面积公式

$$A = \iint_D \sqrt{1 + f_x^2 + f_y^2} \d \sigma$$

例 10 求半径为 $R$ 的球面的面积。

解 上半球面 $z = \sqrt{R^2 - x^2 - y^2}$ 在 $xOy$ 面上的投影是圆域 $x^2 + y^2 \leq R^2$，且 $\sqrt{1 + z_x^2 + z_y^2} = \frac{R}{\sqrt{R^2 - x^2 - y^2}}$。这个函数在圆域边界上无界，应先在半径为 $a \lt R$ 的圆域上积分，再令 $a \to R$，得上半球面面积为 $\int_0^{2\pi} \d \theta \int_0^R \frac{R \rho}{\sqrt{R^2 - \rho^2}} \d \rho = 2\pi R^2$，所以球面面积为 $4\pi R^2$。

### 质心与转动惯量

设平面薄片占有区域 $D$，面密度为 $\mu(x, y)$。由力学知识，质点系的质心坐标等于各质点的静矩之和除以总质量。把薄片分割成许多小块，每一小块近似看作质点，就得到薄片的质心坐标

$$\bar{x} = \frac{1}{M} \iint_D x \mu(x, y) \d \sigma, \quad \bar{y} = \frac{1}{M} \iint_D y \mu(x, y) \d \sigma$$

其中 $M = \iint_D \mu(x, y) \d \sigma$ 是薄片的质量。当薄片是均匀的，即 $\mu$ 为常数时，质心只与区域的形状有关，也称为形心。

例 11 求半径为 $a$ 的均匀半圆形薄片 $x^2 + y^2 \leq a^2$，$y \geq 0$ 的形心。

解 区域关于 $y$ 轴对称，所以 $\bar{x} = 0$。区域的面积为 $\frac{1}{2}\pi a^2$，而

$$\iint_D y \d \sigma = \int_0^{\pi} \sin \theta \d \theta \int_0^a \rho^2 \d \rho = \frac{2a^3}{3}$$

所以 $\bar{y} = \frac{2a^3}{3} \cdot \frac{2}{\pi a^2} = \frac{4a}{3\pi}$，形心位于对称轴上距圆心约 $0.42a$ 处。

类似地，薄片对 $x$ 轴和 $y$ 轴的转动惯量分别为 $I_x = \iint_D y^2 \mu \d \sigma$，$I_y = \iint_D x^2 \mu \d \sigma$。例如半径为 $a$、质量为 $M$ 的均匀圆盘，对过圆心且垂直于盘面的轴的转动惯量为 $\iint_D (x^2 + y^2) \mu \d \sigma = \mu \int_0^{2\pi} \d \theta \int_0^a \rho^3 \d \rho = \frac{1}{2} M a^2$，这个结果在大学物理的刚体转动中会经常用到。

注 利用对称性可以大大简化重积分的计算：若区域 $D$ 关于 $y$ 轴对称，而被积函数是 $x$ 的奇函数，则积分为零；若被积函数是 $x$ 的偶函数，则积分等于右半区域上积分的 2 倍。使用时必须同时检查区域和被积函数两方面的对称性。

## 习题二

1. （单选）设 $D$ 为圆域 $x^2 + y^2 \leq 4$，则 $\iint_D \d \sigma =$（~~）。
（A）$2\pi$~（B）$4\pi$~（C）$8\pi$~（D）$16\pi$
2. （单选）交换积分次序后，$\int_0^1 \d y \int_y^1 f(x, y) \d x =$（~~）。
（A）$\int_0^1 \d x \int_0^x f(x, y) \d y$~（B）$\int_0^1 \d x \int_x^1 f(x, y) \d y$
（C）$\int_0^1 \d x \int_0^1 f(x, y) \d y$~（D）$\int_0^1 \d x \int_{x^2}^{x} f(x, y) \d y$
3. （单选）在极坐标下，面积元素 $\d \sigma =$（~~）。
（A）$\d \rho \d \theta$~（B）$\rho \d \rho \d \theta$~（C）$\rho^2 \d \rho \d \theta$~（D）$\rho \sin \theta \d \rho \d \theta$
4. （填空）设 $D$ 为矩形 $0 \leq x \leq 1$，$0 \leq y \leq 2$，则 $\iint_D x y \d \sigma =$ ＿＿＿＿。
5. （填空）$\iint_{x^2 + y^2 \leq 1} (x^2 + y^2) \d \sigma =$ ＿＿＿＿。
6. （填空）球面坐标下的体积元素 $\d v =$ ＿＿＿＿。
7. （计算）计算 $\iint_D (x + 2y) \d \sigma$，其中 $D$ 由抛物线 $y = x^2$ 与直线 $y = 1$ 围成。
8. （计算）计算 $\iint_D \sqrt{x^2 + y^2} \d \sigma$，其中 $D$ 为圆环 $1 \leq x^2 + y^2 \leq 4$。
9. （计算）计算 $\iiint_\Omega z \d v$，其中 $\Omega$ 为上半球体 $x^2 + y^2 + z^2 \leq R^2$，$z \geq 0$。
10. （计算）求由曲面 $z = x^2 + y^2$ 与 $z = 2 - x^2 - y^2$ 所围立体的体积。
`;
