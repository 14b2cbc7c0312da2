import { figure, plot } from './markup.js';

/** 高等数学（上册）第四章：the project's own text, written for the demo. */

const family = figure(
  plot({
    x: [-2.2, 2.2],
    y: [-1.6, 3.6],
    width: 300,
    curves: [-1, 0, 1, 2].flatMap((c, k) => [
      { f: (x: number) => x * x + c, color: k === 1 ? '#1677ff' : '#8c8c8c' },
      { f: (x: number) => 2 * x - 1 + c, from: 0.55, to: 1.45, color: '#d46b08' },
    ]),
    points: [-1, 0, 1, 2].map((c) => ({ at: [1, 1 + c] as [number, number] })),
    segments: [{ from: [1, -1.6], to: [1, 3.6] }],
    labels: [-1, 0, 1, 2].map((c) => ({
      at: [0.12, c - 0.32] as [number, number],
      text: `C = ${c}`.replace('-', '−'),
    })),
    ticks: { x: [-2, -1, 1, 2], y: [-1, 1, 2, 3] },
  }),
  'f(x) = 2x 的积分曲线族 y = x² + C：在同一横坐标处，各曲线的切线互相平行',
  '图 4-1',
);

const sine = figure(
  plot({
    x: [-0.3, 2 * Math.PI + 0.3],
    y: [-1.4, 1.4],
    width: 360,
    curves: [
      { f: Math.cos, from: 0, to: 2 * Math.PI, color: '#d46b08', dash: true, label: 'y = cos x', at: 4.9 },
      { f: Math.sin, from: 0, to: 2 * Math.PI, label: 'y = sin x', at: 1.95 },
    ],
    points: [
      { at: [Math.PI / 2, 1], label: '', dx: 0 },
      { at: [Math.PI / 2, 0], open: true },
    ],
    segments: [{ from: [Math.PI / 2, 0], to: [Math.PI / 2, 1] }],
    ticks: { x: [Math.PI / 2, Math.PI, (3 * Math.PI) / 2, 2 * Math.PI], y: [-1, 1] },
  }),
  '原函数 sin x 与被积函数 cos x：cos x 为零处，sin x 取得极值；cos x 为正处，sin x 单调增加',
  '图 4-2',
);

export const chapter4Figures = { family, sine };

export const chapter4 = String.raw`
## 4.1 不定积分的概念与性质

### 原函数

在微分学中，我们讨论的是已知函数求它的导数。但在科学技术中常常遇到相反的问题：已知一个函数的导数，要求原来的函数。例如已知物体运动的速度 $v(t)$，要求它的位置函数 $s(t)$，使 $s'(t) = v(t)$；已知曲线上每一点处切线的斜率，要求这条曲线的方程。这就引出了原函数与不定积分的概念。

定义 4.1（原函数） 如果在区间 $I$ 上，可导函数 $F(x)$ 的导函数为 $f(x)$，即对任一 $x \in I$ 都有 $F'(x) = f(x)$，那么称 $F(x)$ 为 $f(x)$ 在区间 $I$ 上的一个原函数。

例如 $(\sin x)' = \cos x$，所以 $\sin x$ 是 $\cos x$ 的一个原函数；$\sin x + 1$、$\sin x - \sqrt{2}$ 也都是。一般地，如果 $F(x)$ 是 $f(x)$ 的一个原函数，那么 $F(x) + C$ 对任意常数 $C$ 都是 $f(x)$ 的原函数；反过来，由拉格朗日中值定理的推论，$f(x)$ 的任意两个原函数只相差一个常数。因此，只要找到一个原函数，就掌握了全部原函数。

定理 4.1（原函数存在定理） 如果函数 $f(x)$ 在区间 $I$ 上连续，那么在区间 $I$ 上存在可导函数 $F(x)$，使对任一 $x \in I$ 都有 $F'(x) = f(x)$。简单地说：连续函数一定有原函数。

### 不定积分

定义 4.2（不定积分） 在区间 $I$ 上，函数 $f(x)$ 的带有任意常数项的原函数称为 $f(x)$ 在区间 $I$ 上的不定积分，记作

$$\int f(x) \d x = F(x) + C$$

其中记号 $\int$ 称为积分号，$f(x)$ 称为被积函数，$f(x) \d x$ 称为被积表达式，$x$ 称为积分变量，$C$ 称为积分常数。

不定积分的几何意义如下：$f(x)$ 的一个原函数 $F(x)$ 的图形称为 $f(x)$ 的一条积分曲线，不定积分表示的是一族积分曲线，它们可以由其中任何一条沿 $y$ 轴方向平移得到。在横坐标相同的点处，这些曲线的切线斜率都等于 $f(x)$，因而切线互相平行（图 4-1）。

{{fig:family}}

例 1 设曲线通过点 $(1, 2)$，且其上任一点处的切线斜率等于该点横坐标的两倍，求此曲线的方程。

解 设曲线方程为 $y = F(x)$，由题意 $F'(x) = 2x$，所以 $F(x) = \int 2x \d x = x^2 + C$。因曲线通过点 $(1, 2)$，得 $C = 1$，于是所求曲线为 $y = x^2 + 1$。它就是图 4-1 中 $C = 1$ 的那一条。

由不定积分的定义可知，求导与求不定积分互为逆运算：$\frac{\d}{\d x}\left[\int f(x) \d x\right] = f(x)$，$\int F'(x) \d x = F(x) + C$。利用这一关系，把导数公式表倒过来读，就得到基本积分表。

: 表 4-1 基本积分表
| 公式 | 公式 |
| $\int k \d x = k x + C$ | $\int x^a \d x = \frac{x^{a + 1}}{a + 1} + C$（$a \neq -1$） |
| $\int \frac{1}{x} \d x = \ln |x| + C$ | $\int e^x \d x = e^x + C$ |
| $\int \cos x \d x = \sin x + C$ | $\int \sin x \d x = -\cos x + C$ |
| $\int \sec^2 x \d x = \tan x + C$ | $\int \csc^2 x \d x = -\cot x + C$ |
| $\int \frac{\d x}{1 + x^2} = \arctan x + C$ | $\int \frac{\d x}{\sqrt{1 - x^2}} = \arcsin x + C$ |

图 4-2 从图形上说明了表中的一个公式：在 $\cos x \gt 0$ 的区间上，原函数 $\sin x$ 单调增加；在 $\cos x = 0$ 的点处，$\sin x$ 取得极值。

{{fig:sine}}

性质 4.1 设函数 $f(x)$ 与 $g(x)$ 的原函数存在，$k$ 为非零常数，则 $\int [f(x) \pm g(x)] \d x = \int f(x) \d x \pm \int g(x) \d x$，$\int k f(x) \d x = k \int f(x) \d x$。

例 2 求 $\int \frac{(x - 1)^2}{x} \d x$。

解 $\int \frac{x^2 - 2x + 1}{x} \d x = \int \left(x - 2 + \frac{1}{x}\right) \d x = \frac{x^2}{2} - 2x + \ln |x| + C$。

例 3 一质点沿直线运动，速度为 $v(t) = 3t^2 - 2t$（单位：米每秒），已知 $t = 0$ 时质点位于 $s = 5$ 米处，求质点的运动方程。

解 位置函数 $s(t)$ 是速度的原函数，$s(t) = \int (3t^2 - 2t) \d t = t^3 - t^2 + C$。由初始条件 $s(0) = 5$ 得 $C = 5$，所以运动方程为 $s(t) = t^3 - t^2 + 5$。这个例子说明，不定积分中的任意常数要由附加的条件来确定，这类条件在物理问题中通常称为初始条件。

例 4 求 $\int \tan^2 x \d x$ 与 $\int \frac{x^4}{1 + x^2} \d x$。

解 被积函数都不在积分表中，需要先作恒等变形。由 $\tan^2 x = \sec^2 x - 1$，得 $\int \tan^2 x \d x = \tan x - x + C$。又 $\frac{x^4}{1 + x^2} = \frac{(x^4 - 1) + 1}{1 + x^2} = x^2 - 1 + \frac{1}{1 + x^2}$，所以 $\int \frac{x^4}{1 + x^2} \d x = \frac{x^3}{3} - x + \arctan x + C$。

检验积分结果是否正确，只要把结果求导，看导数是否等于被积函数。这是一个简单而可靠的习惯，初学者应当养成，考试和作业中也能借此及时发现计算错误。

学习不定积分时，要分清“原函数”与“不定积分”这两个概念：原函数是一个函数，而不定积分是全体原函数组成的函数族，所以积分结果中的任意常数 $C$ 不能遗漏。另一方面，同一个不定积分用不同的方法计算，得到的结果在形式上可能不同，例如 $\int \sin x \cos x \d x$ 既可以写成 $\frac{1}{2}\sin^2 x + C$，也可以写成 $-\frac{1}{4}\cos 2x + C$。这两个结果只相差一个常数，因而都是正确的。判断两个答案是否一致，只要看它们的导数是否相同，或者它们的差是否为常数。不定积分与下册将要学习的定积分有着本质的联系，这一联系由微积分基本定理给出，它使得定积分的计算归结为求原函数，这也是本章内容的重要意义所在。

## 4.2 换元积分法

利用基本积分表与积分的性质，所能计算的不定积分非常有限。把复合函数的求导法则反过来用于求不定积分，通过适当的变量代换把积分化为基本积分表中的形式，这种方法称为换元积分法。

### 第一类换元法（凑微分法）

定理 4.2 设 $f(u)$ 具有原函数 $F(u)$，$u = \varphi(x)$ 可导，则

$$\int f(\varphi(x)) \varphi'(x) \d x = \left[\int f(u) \d u\right]_{u = \varphi(x)} = F(\varphi(x)) + C$$

使用这一方法的关键，是从被积表达式中凑出 $\varphi'(x) \d x = \d \varphi(x)$，使剩下的部分成为 $\varphi(x)$ 的函数。

例 5 求 $\int 2 x e^{x^2} \d x$。

解 注意到 $2x \d x = \d(x^2)$，令 $u = x^2$，得 $\int e^u \d u = e^u + C = e^{x^2} + C$。

例 6 求 $\int \tan x \d x$。

解 $\int \frac{\sin x}{\cos x} \d x = -\int \frac{\d(\cos x)}{\cos x} = -\ln |\cos x| + C$。

例 7 求 $\int \frac{\d x}{a^2 + x^2}$（$a \gt 0$）。

解 $\int \frac{\d x}{a^2 + x^2} = \frac{1}{a} \int \frac{\d\left(\frac{x}{a}\right)}{1 + \left(\frac{x}{a}\right)^2} = \frac{1}{a} \arctan \frac{x}{a} + C$。

例 8 求 $\int \sin^2 x \d x$ 与 $\int \frac{\d x}{x^2 - a^2}$（$a \neq 0$）。

解 利用降幂公式 $\sin^2 x = \frac{1 - \cos 2x}{2}$，得 $\int \sin^2 x \d x = \frac{x}{2} - \frac{\sin 2x}{4} + C$。对第二个积分，先把被积函数拆开：$\frac{1}{x^2 - a^2} = \frac{1}{2a}\left(\frac{1}{x - a} - \frac{1}{x + a}\right)$，再分别凑微分，得

$$\int \frac{\d x}{x^2 - a^2} = \frac{1}{2a} \ln \left|\frac{x - a}{x + a}\right| + C$$

常用的凑微分形式有：$\d x = \frac{1}{a} \d(a x + b)$，$x \d x = \frac{1}{2} \d(x^2)$，$\frac{1}{x} \d x = \d(\ln x)$，$e^x \d x = \d(e^x)$，$\cos x \d x = \d(\sin x)$。熟练掌握这些形式，是灵活运用第一类换元法的前提。

凑微分的本质是一阶微分形式不变性：公式 $\int f(u) \d u = F(u) + C$ 中的 $u$ 无论是自变量还是中间变量，公式都成立。因此，基本积分表中的每一个公式，都可以把其中的 $x$ 换成任何可导函数 $\varphi(x)$ 而仍然成立，这就大大扩充了基本积分表的使用范围。初学时可以把中间变量明确写出来，熟练以后就可以省去换元的书写，直接凑出微分并写出结果。对于初学者，最常见的错误是凑微分时漏掉了常数因子，例如把 $\int \cos 3x \d x$ 错写为 $\sin 3x + C$，正确的结果是 $\frac{1}{3}\sin 3x + C$。

### 第二类换元法

第一类换元法是把 $\varphi(x)$ 换成新变量 $u$；第二类换元法则反过来，令 $x = \psi(t)$，把积分 $\int f(x) \d x$ 化为 $\int f(\psi(t)) \psi'(t) \d t$，求出后再用反函数 $t = \psi^{-1}(x)$ 代回。这里要求 $x = \psi(t)$ 单调、可导且 $\psi'(t) \neq 0$。

当被积函数含有根式 $\sqrt{a^2 - x^2}$、$\sqrt{a^2 + x^2}$ 或 $\sqrt{x^2 - a^2}$ 时，可以分别令 $x = a \sin t$、$x = a \tan t$、$x = a \sec t$，利用三角恒等式消去根号，这称为三角代换。当被积函数含有 $\sqrt[n]{a x + b}$ 时，可令 $t = \sqrt[n]{a x + b}$ 直接消去根号。

例 9 求 $\int \sqrt{a^2 - x^2} \d x$（$a \gt 0$）。

解 令 $x = a \sin t$，$-\frac{\pi}{2} \lt t \lt \frac{\pi}{2}$，则 $\sqrt{a^2 - x^2} = a \cos t$，$\d x = a \cos t \d t$，于是

$$\int \sqrt{a^2 - x^2} \d x = a^2 \int \cos^2 t \d t = \frac{a^2}{2}\left(t + \sin t \cos t\right) + C = \frac{a^2}{2} \arcsin \frac{x}{a} + \frac{x}{2} \sqrt{a^2 - x^2} + C$$

例 10 求 $\int \frac{\d x}{1 + \sqrt{x}}$。

解 令 $t = \sqrt{x}$，则 $x = t^2$，$\d x = 2t \d t$，原式 $= \int \frac{2t}{1 + t} \d t = 2\int \left(1 - \frac{1}{1 + t}\right) \d t = 2\sqrt{x} - 2\ln(1 + \sqrt{x}) + C$。

例 11 求 $\int \frac{\d x}{\sqrt{x^2 + a^2}}$（$a \gt 0$）。

解 令 $x = a \tan t$，$-\frac{\pi}{2} \lt t \lt \frac{\pi}{2}$，则 $\sqrt{x^2 + a^2} = a \sec t$，$\d x = a \sec^2 t \d t$，于是原式 $= \int \sec t \d t = \ln |\sec t + \tan t| + C_1$。为了把结果还原为 $x$ 的函数，可以根据 $\tan t = \frac{x}{a}$ 作一个辅助直角三角形，读出 $\sec t = \frac{\sqrt{x^2 + a^2}}{a}$，最后得到

$$\int \frac{\d x}{\sqrt{x^2 + a^2}} = \ln\left(x + \sqrt{x^2 + a^2}\right) + C$$

其中 $C = C_1 - \ln a$。这个结果与第二章例 5 的求导结果互相印证。

使用第二类换元法时要注意三点：一是代换 $x = \psi(t)$ 在所考虑的区间上必须单调可导，这样才能保证反函数存在；二是换元后积分变量、被积函数和微分三者要同时改变，不能只换一部分；三是积出后必须用 $t = \psi^{-1}(x)$ 代回原来的变量。三角代换只是消去根号的一种手段，并非唯一的选择，例如含有 $\sqrt{x^2 - a^2}$ 的积分有时用倒代换 $x = \frac{1}{t}$ 更为简便。

## 4.3 分部积分法

换元积分法来自复合函数的求导法则，分部积分法则来自乘积的求导法则。设 $u = u(x)$ 与 $v = v(x)$ 具有连续导数，由 $(u v)' = u' v + u v'$ 两边积分并移项，得到

$$\int u \d v = u v - \int v \d u$$

这个公式称为分部积分公式。它的作用在于：当 $\int u \d v$ 不易求出而 $\int v \d u$ 容易求出时，可以把前者转化为后者。使用的关键是恰当选取 $u$ 和 $\d v$：一是 $v$ 要容易求得，二是 $\int v \d u$ 要比原积分容易。下表给出选取 $u$ 的经验规则。

: 表 4-2 分部积分中 u 与 dv 的选取
| 被积函数的类型 | 取作 $u$ | 取作 $\d v$ |
| $x^n e^{a x}$、$x^n \sin a x$、$x^n \cos a x$ | $x^n$ | 其余部分 |
| $x^n \ln x$ | $\ln x$ | $x^n \d x$ |
| $x^n \arctan x$、$x^n \arcsin x$ | 反三角函数 | $x^n \d x$ |
| $e^{a x} \sin b x$、$e^{a x} \cos b x$ | 任选一个，两次分部后解方程 | 另一个 |

例 12 求 $\int x \cos x \d x$。

解 取 $u = x$，$\d v = \cos x \d x = \d(\sin x)$，则 $\int x \cos x \d x = x \sin x - \int \sin x \d x = x \sin x + \cos x + C$。如果反过来取 $u = \cos x$，$\d v = x \d x$，得到的新积分 $\int \frac{x^2}{2} \sin x \d x$ 反而比原积分更复杂。

例 13 求 $\int \ln x \d x$。

解 取 $u = \ln x$，$v = x$，得 $\int \ln x \d x = x \ln x - \int x \cdot \frac{1}{x} \d x = x \ln x - x + C$。

例 14 求 $\int e^x \sin x \d x$。

解 连续两次分部积分，得 $\int e^x \sin x \d x = e^x \sin x - e^x \cos x - \int e^x \sin x \d x$。等式右端出现了原积分，移项后除以 2，得

$$\int e^x \sin x \d x = \frac{e^x}{2}(\sin x - \cos x) + C$$

例 15 求 $\int \arctan x \d x$。

解 取 $u = \arctan x$，$\d v = \d x$，则 $\int \arctan x \d x = x \arctan x - \int \frac{x}{1 + x^2} \d x = x \arctan x - \frac{1}{2} \ln(1 + x^2) + C$。这里后一个积分又用到了第一类换元法。

注 在计算中，换元法与分部积分法常常需要结合使用。例如求 $\int e^{\sqrt{x}} \d x$ 时，先令 $t = \sqrt{x}$ 化为 $2 \int t e^t \d t$，再用分部积分得 $2 e^{\sqrt{x}}(\sqrt{x} - 1) + C$。

分部积分法还可以用来建立递推公式。例如记 $I_n = \int \frac{\d x}{(x^2 + a^2)^n}$，对 $I_n$ 用一次分部积分，可以得到 $I_{n + 1}$ 与 $I_n$ 之间的关系式。由 $I_1 = \frac{1}{a} \arctan \frac{x}{a} + C$ 出发，利用递推公式就能逐个求出 $I_2$、$I_3$ 等。同样的思路也适用于 $\int \sin^n x \d x$、$\int x^n e^x \d x$ 等积分，这种降低次数的方法在积分表中被大量使用。

## 4.4 有理函数的积分

两个多项式的商 $\frac{P(x)}{Q(x)}$ 称为有理函数。当分子的次数小于分母的次数时称为真分式，否则称为假分式。利用多项式除法，假分式总可以化为一个多项式与一个真分式之和，所以问题归结为真分式的积分。

代数学告诉我们，实系数多项式 $Q(x)$ 总可以分解为一次因式与二次质因式的乘积，而真分式可以拆成若干个部分分式之和，每个部分分式的形式为 $\frac{A}{(x - a)^k}$ 或 $\frac{M x + N}{(x^2 + p x + q)^k}$，其中 $p^2 - 4q \lt 0$。这些部分分式都能用前面的方法积出，所以有理函数的原函数都是初等函数。

例 16 求 $\int \frac{x + 3}{x^2 - 5x + 6} \d x$。

解 分母 $x^2 - 5x + 6 = (x - 2)(x - 3)$。设 $\frac{x + 3}{(x - 2)(x - 3)} = \frac{A}{x - 2} + \frac{B}{x - 3}$，去分母得 $x + 3 = A(x - 3) + B(x - 2)$。令 $x = 2$ 得 $A = -5$，令 $x = 3$ 得 $B = 6$。于是

$$\int \frac{x + 3}{x^2 - 5x + 6} \d x = -5 \ln |x - 2| + 6 \ln |x - 3| + C$$

例 17 求 $\int \frac{2x + 3}{(x - 1)^2} \d x$。

解 分母含有二重因式，设 $\frac{2x + 3}{(x - 1)^2} = \frac{A}{x - 1} + \frac{B}{(x - 1)^2}$，去分母得 $2x + 3 = A(x - 1) + B$，比较系数得 $A = 2$，$B = 5$。所以原式 $= 2 \ln |x - 1| - \frac{5}{x - 1} + C$。

部分分式中的待定系数，可以用比较同次幂系数的方法求，也可以给 $x$ 代入若干个特殊的数值来求，两种方法常常结合使用。当分母含有二次质因式 $x^2 + p x + q$ 时，相应的部分分式要先把分子凑成分母的导数再加上一个常数，前一部分积出对数，后一部分经配方后积出反正切函数。

### 三角函数有理式的积分

由 $\sin x$、$\cos x$ 和常数经过有限次四则运算构成的函数称为三角函数有理式。对这类积分，令 $t = \tan \frac{x}{2}$，则

$$\sin x = \frac{2t}{1 + t^2}, \quad \cos x = \frac{1 - t^2}{1 + t^2}, \quad \d x = \frac{2 \d t}{1 + t^2}$$

积分就化为关于 $t$ 的有理函数的积分。这种代换称为万能代换，它总是可行的，但计算往往比较繁琐。因此对具体的积分，应先考虑能否用三角恒等式、凑微分等更简便的方法，万能代换留作最后的手段。

例 18 求 $\int \frac{\d x}{1 + \cos x}$。

解 令 $t = \tan \frac{x}{2}$，则 $1 + \cos x = \frac{2}{1 + t^2}$，原式 $= \int \d t = \tan \frac{x}{2} + C$。也可以直接利用 $1 + \cos x = 2\cos^2 \frac{x}{2}$ 计算，得到相同的结果，后者显然更为简洁。

### 积分方法小结

求不定积分比求导数灵活得多：求导有一套固定的法则，按部就班总能完成；而求积分需要观察被积函数的特点，选择合适的方法，有时还要几种方法配合使用。一般的思考顺序是：先看能否通过恒等变形直接利用基本积分表；再看能否凑出某个函数的微分；若被积函数含有根式，考虑第二类换元法；若是两类不同函数的乘积，考虑分部积分法；若是有理函数，用部分分式分解。多做练习、及时用求导检验结果，是掌握积分方法的唯一途径。

需要指出，初等函数的原函数不一定是初等函数。例如 $\int e^{-x^2} \d x$、$\int \frac{\sin x}{x} \d x$、$\int \frac{\d x}{\ln x}$ 等虽然存在（被积函数连续），却不能用初等函数表示，通常称为“积不出来”。这些函数在概率论、光学和信号处理中都有重要应用，它们的性质要借助定积分或无穷级数来研究。在实际工作中，还可以借助积分表或数学软件求不定积分，但理解上述基本方法仍是正确使用这些工具的基础。

## 习题四

1. （单选）若 $F'(x) = f(x)$，则下列等式正确的是（~~）。
（A）$\int F(x) \d x = f(x) + C$~（B）$\int f(x) \d x = F(x) + C$
（C）$\int F'(x) \d x = f(x)$~（D）$\frac{\d}{\d x} \int f(x) \d x = F(x)$
2. （单选）$\int \frac{\d x}{2x + 1} =$（~~）。
（A）$\ln |2x + 1| + C$~（B）$\frac{1}{2} \ln |2x + 1| + C$~（C）$2 \ln |2x + 1| + C$~（D）$\frac{1}{(2x + 1)^2} + C$
3. （单选）计算 $\int x e^x \d x$ 时，应选取（~~）。
（A）$u = e^x$~（B）$u = x$~（C）$u = x e^x$~（D）$u = 1$
4. （填空）$\int (3x^2 + \cos x) \d x =$ ＿＿＿＿。
5. （填空）设 $\int f(x) \d x = x^2 e^x + C$，则 $f(x) =$ ＿＿＿＿。
6. （填空）$\int \frac{\ln x}{x} \d x =$ ＿＿＿＿。
7. （计算）求 $\int \sin^3 x \d x$。
8. （计算）求 $\int \frac{x}{\sqrt{1 - x^2}} \d x$。
9. （计算）求 $\int x^2 \ln x \d x$。
10. （计算）求 $\int \frac{\d x}{x(x + 1)}$。
`;
