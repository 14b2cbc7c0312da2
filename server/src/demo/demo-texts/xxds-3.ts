import { figure, plot } from './markup.js';

/** 线性代数第三章：the project's own text, written for the demo. */

const eigen = figure(
  plot({
    x: [-1.5, 3.5],
    y: [-1.5, 3.5],
    width: 320,
    curves: [{ f: (x) => x, color: '#d46b08', dash: true, label: '特征方向 y = x', at: 1.6 }],
    segments: [
      { from: [0, 0], to: [1, 1], color: '#1677ff', dash: false },
      { from: [0, 0], to: [3, 3], color: '#1677ff' },
      { from: [0, 0], to: [1, 0], color: '#389e0d', dash: false },
      { from: [0, 0], to: [2, 1], color: '#389e0d' },
      { from: [0, 0], to: [1, -1], color: '#722ed1', dash: false },
    ],
    points: [
      { at: [1, 1], label: 'p₁', dx: 6, dy: 12 },
      { at: [3, 3], label: 'Ap₁ = 3p₁', dx: -74, dy: -4 },
      { at: [1, 0], label: 'x', dx: -4, dy: 14 },
      { at: [2, 1], label: 'Ax', dx: 6, dy: 4 },
      { at: [1, -1], label: 'p₂ = Ap₂', dx: 6, dy: 4 },
    ],
    ticks: { x: [1, 2, 3], y: [1, 2, 3] },
  }),
  '矩阵 A = (2 1; 1 2)：特征向量 p₁ 被拉长 3 倍，p₂ 不变，一般向量 x 的方向被改变',
  '图 3-1',
);

export const chapter3Figures = { eigen };

export const chapter3 = String.raw`
## 3.1 特征值的定义

若矩阵作用在非零向量上只改变它的长度，这个向量就是特征向量。第二章说过，方阵 $A$ 可以看作一个线性变换，它一般会同时改变向量的长度和方向。但往往存在一些特殊的方向，沿这些方向的向量经过变换后仍在原来的直线上，只是被拉伸、压缩或反向。找到这些方向，变换的结构就一目了然了。

定义 3.1（特征值与特征向量） 设 $A$ 是 $n$ 阶方阵，如果数 $\lambda$ 和 $n$ 维非零列向量 $\mathbf{x}$ 满足 $A \mathbf{x} = \lambda \mathbf{x}$，就称 $\lambda$ 为 $A$ 的特征值，$\mathbf{x}$ 为 $A$ 的对应于特征值 $\lambda$ 的特征向量。

注意特征向量必须是非零向量，因为零向量对任何 $\lambda$ 都满足等式，没有意义。另外，若 $\mathbf{x}$ 是特征向量，则它的任何非零倍数 $k \mathbf{x}$ 也是对应于同一特征值的特征向量，所以特征向量刻画的其实是一个“方向”。

### 特征方程

等式 $A \mathbf{x} = \lambda \mathbf{x}$ 可以改写为齐次线性方程组 $(A - \lambda E) \mathbf{x} = \mathbf{0}$。由第一章的推论，它有非零解的充分必要条件是系数行列式为零：

$$\det(A - \lambda E) = \begin{vmatrix} a_{11} - \lambda & a_{12} & \cdots & a_{1n} \\ a_{21} & a_{22} - \lambda & \cdots & a_{2n} \\ \vdots & \vdots & & \vdots \\ a_{n1} & a_{n2} & \cdots & a_{nn} - \lambda \end{vmatrix} = 0$$

左端是 $\lambda$ 的 $n$ 次多项式，称为 $A$ 的特征多项式，这个方程称为特征方程。特征方程的根就是特征值；在复数范围内，$n$ 阶方阵恰有 $n$ 个特征值（重根按重数计算）。求出特征值 $\lambda_i$ 后，解齐次方程组 $(A - \lambda_i E) \mathbf{x} = \mathbf{0}$，它的非零解就是对应的特征向量。

例 1 求 $A = \begin{pmatrix} 2 & 1 \\ 1 & 2 \end{pmatrix}$ 的特征值和特征向量。

解 特征多项式为 $\det(A - \lambda E) = (2 - \lambda)^2 - 1 = (\lambda - 1)(\lambda - 3)$，所以特征值为 $\lambda_1 = 3$，$\lambda_2 = 1$。当 $\lambda_1 = 3$ 时，解 $(A - 3E) \mathbf{x} = \mathbf{0}$，系数矩阵为 $\begin{pmatrix} -1 & 1 \\ 1 & -1 \end{pmatrix}$，得基础解系 $\mathbf{p}_1 = (1, 1)^T$，对应的全部特征向量为 $k \mathbf{p}_1$（$k \neq 0$）。当 $\lambda_2 = 1$ 时，同理得 $\mathbf{p}_2 = (1, -1)^T$，全部特征向量为 $k \mathbf{p}_2$（$k \neq 0$）。

从几何上看（图 3-1），$A$ 把直线 $y = x$ 上的向量拉长为 3 倍，把直线 $y = -x$ 上的向量保持不动，而其他方向上的向量，例如 $(1, 0)^T$，被变成 $(2, 1)^T$，方向发生了改变。

{{fig:eigen}}

例 2 求 $A = \begin{pmatrix} 1 & 1 & 0 \\ 0 & 1 & 0 \\ 0 & 0 & 2 \end{pmatrix}$ 的特征值和特征向量。

解 $A - \lambda E$ 是上三角矩阵，特征多项式为 $(1 - \lambda)^2 (2 - \lambda)$，特征值为 $\lambda_1 = \lambda_2 = 1$，$\lambda_3 = 2$。对二重特征值 1，方程组 $(A - E) \mathbf{x} = \mathbf{0}$ 的系数矩阵秩为 2，基础解系只含一个向量 $(1, 0, 0)^T$；对特征值 2，得特征向量 $(0, 0, 1)^T$。这个例子说明：$k$ 重特征值对应的线性无关特征向量可能少于 $k$ 个。

需要说明的是，实矩阵的特征值不一定是实数。例如把平面上每个向量逆时针旋转直角的矩阵 $\begin{pmatrix} 0 & -1 \\ 1 & 0 \end{pmatrix}$，它的特征方程是 $\lambda^2 + 1 = 0$，没有实根。这与几何直观一致：旋转直角之后，没有任何非零向量还留在原来的直线上。在复数范围内，它的两个特征值是一对共轭复数，旋转的角度就藏在它们的辐角里。

## 3.2 特征值的性质

把特征多项式展开并与 $(\lambda_1 - \lambda)(\lambda_2 - \lambda) \cdots (\lambda_n - \lambda)$ 比较系数，可以得到特征值与矩阵元素之间的两个重要关系。

定理 3.1 设 $n$ 阶方阵 $A$ 的特征值为 $\lambda_1, \lambda_2, \cdots, \lambda_n$，则 $\lambda_1 + \lambda_2 + \cdots + \lambda_n = a_{11} + a_{22} + \cdots + a_{nn}$，$\lambda_1 \lambda_2 \cdots \lambda_n = \det A$。

主对角线元素之和称为矩阵的迹，记作 $\tr A$。定理说明特征值之和等于迹，特征值之积等于行列式。由第二条立即可知：$A$ 可逆当且仅当 0 不是它的特征值。这两个关系还是检验计算的好工具，例如例 1 中 $3 + 1 = 2 + 2$，$3 \times 1 = \det A$。

定理 3.2 若 $\lambda$ 是 $A$ 的特征值，$\mathbf{x}$ 是对应的特征向量，则 $\lambda^k$ 是 $A^k$ 的特征值；当 $A$ 可逆时，$\frac{1}{\lambda}$ 是 $A^{-1}$ 的特征值；更一般地，对多项式 $\varphi$，$\varphi(\lambda)$ 是 $\varphi(A)$ 的特征值，并且特征向量都还是 $\mathbf{x}$。

证 由 $A \mathbf{x} = \lambda \mathbf{x}$ 得 $A^2 \mathbf{x} = A(\lambda \mathbf{x}) = \lambda A \mathbf{x} = \lambda^2 \mathbf{x}$，依此类推得 $A^k \mathbf{x} = \lambda^k \mathbf{x}$。当 $A$ 可逆时 $\lambda \neq 0$，在 $A \mathbf{x} = \lambda \mathbf{x}$ 两边左乘 $A^{-1}$ 并除以 $\lambda$，得 $A^{-1} \mathbf{x} = \frac{1}{\lambda} \mathbf{x}$。多项式的情形由前两条与线性性得到。

定理 3.3 方阵的属于不同特征值的特征向量线性无关。

证 以两个特征向量为例。设 $A \mathbf{p}_1 = \lambda_1 \mathbf{p}_1$，$A \mathbf{p}_2 = \lambda_2 \mathbf{p}_2$，$\lambda_1 \neq \lambda_2$，且 $k_1 \mathbf{p}_1 + k_2 \mathbf{p}_2 = \mathbf{0}$。两边左乘 $A$ 得 $k_1 \lambda_1 \mathbf{p}_1 + k_2 \lambda_2 \mathbf{p}_2 = \mathbf{0}$，再减去原式的 $\lambda_1$ 倍，得 $k_2 (\lambda_2 - \lambda_1) \mathbf{p}_2 = \mathbf{0}$。由于 $\lambda_2 \neq \lambda_1$ 且 $\mathbf{p}_2 \neq \mathbf{0}$，得 $k_2 = 0$，进而 $k_1 = 0$。一般情形用数学归纳法同样可证。

例 3 已知三阶方阵 $A$ 的特征值为 $1, -1, 2$，求 $\det(A^2 - 2A + 3E)$。

解 令 $\varphi(t) = t^2 - 2t + 3$，则 $\varphi(A)$ 的特征值为 $\varphi(1) = 2$，$\varphi(-1) = 6$，$\varphi(2) = 3$，所以 $\det \varphi(A) = 2 \times 6 \times 3 = 36$。

## 3.3 相似矩阵与对角化

对角矩阵是最简单的矩阵：它的幂、逆、特征值都可以一眼看出。一个自然的问题是，能否通过换一组坐标，把一般的矩阵变成对角矩阵？

定义 3.2（相似） 设 $A$、$B$ 都是 $n$ 阶方阵，若存在可逆矩阵 $P$ 使 $P^{-1} A P = B$，就称 $A$ 与 $B$ 相似，$P$ 称为相似变换矩阵。

定理 3.4 相似矩阵有相同的特征多项式，从而有相同的特征值、相同的迹与相同的行列式。

证 $\det(B - \lambda E) = \det(P^{-1} A P - \lambda P^{-1} P) = \det P^{-1} \det(A - \lambda E) \det P = \det(A - \lambda E)$。

相似的矩阵可以理解为同一个线性变换在不同坐标系下的矩阵。如果能找到由特征向量组成的坐标系，变换在这组坐标下只是沿各坐标轴分别伸缩，矩阵就是对角矩阵。

定理 3.5（对角化） $n$ 阶方阵 $A$ 与对角矩阵相似的充分必要条件是 $A$ 有 $n$ 个线性无关的特征向量。此时以这些特征向量为列作矩阵 $P$，则 $P^{-1} A P = \Lambda$，$\Lambda$ 的对角元依次是对应的特征值。

证 把 $AP = P \Lambda$ 按列写开，就是 $A \mathbf{p}_i = \lambda_i \mathbf{p}_i$，$i = 1, 2, \cdots, n$。因此 $P^{-1} A P = \Lambda$ 成立，当且仅当 $P$ 的各列是特征向量；而 $P$ 可逆当且仅当这些列线性无关。

推论 3.1 若 $n$ 阶方阵有 $n$ 个互不相同的特征值，则它一定可以对角化。

例 1 中的矩阵有两个不同的特征值，取 $P = \begin{pmatrix} 1 & 1 \\ 1 & -1 \end{pmatrix}$，就有 $P^{-1} A P = \begin{pmatrix} 3 & 0 \\ 0 & 1 \end{pmatrix}$。而例 2 中的矩阵只有两个线性无关的特征向量，不能对角化。下表归纳了判断一个方阵能否对角化的几种情形。

: 表 3-1 方阵能否对角化
| 情形 | 结论 | 例子 |
| $n$ 个特征值互不相同 | 一定可以对角化 | $\begin{pmatrix} 2 & 1 \\ 1 & 2 \end{pmatrix}$ |
| 有重特征值，每个 $k$ 重特征值恰有 $k$ 个线性无关的特征向量 | 可以对角化 | $\begin{pmatrix} 2 & 0 \\ 0 & 2 \end{pmatrix}$ |
| 某个 $k$ 重特征值的线性无关特征向量少于 $k$ 个 | 不能对角化 | $\begin{pmatrix} 1 & 1 \\ 0 & 1 \end{pmatrix}$ |
| 实对称矩阵 | 一定可以用正交矩阵对角化 | $\begin{pmatrix} 1 & 2 \\ 2 & 1 \end{pmatrix}$ |

### 用对角化计算矩阵的幂

若 $A = P \Lambda P^{-1}$，则 $A^k = P \Lambda P^{-1} P \Lambda P^{-1} \cdots P \Lambda P^{-1} = P \Lambda^k P^{-1}$，中间的 $P^{-1} P$ 全部抵消，而对角矩阵的幂只需把对角元各自乘方。这是对角化最重要的应用之一。

例 4 设 $A = \begin{pmatrix} 2 & 1 \\ 1 & 2 \end{pmatrix}$，求 $A^{k}$。

解 由例 1，$A = P \Lambda P^{-1}$，其中 $P = \begin{pmatrix} 1 & 1 \\ 1 & -1 \end{pmatrix}$，$\Lambda = \begin{pmatrix} 3 & 0 \\ 0 & 1 \end{pmatrix}$，$P^{-1} = \frac{1}{2} \begin{pmatrix} 1 & 1 \\ 1 & -1 \end{pmatrix}$。于是

$$A^k = \frac{1}{2} \begin{pmatrix} 3^k + 1 & 3^k - 1 \\ 3^k - 1 & 3^k + 1 \end{pmatrix}$$

取 $k = 1$ 即回到 $A$，可作验算。当 $k$ 很大时，$A^k$ 的各元素大约是 $\frac{3^k}{2}$，增长速度由最大的特征值 3 决定。

### 求特征值的几点经验

在实际计算中，特征多项式是高次多项式，求根往往是最困难的一步。下面几点经验可以减少计算量：先观察矩阵是否为三角矩阵或分块对角矩阵，若是，特征值可以直接读出；展开 $\det(A - \lambda E)$ 时，先用行列式的性质在某一行或某一列提出含 $\lambda$ 的公因子，而不要把多项式全部乘开再因式分解；如果矩阵各行元素之和都等于同一个数 $a$，那么 $a$ 一定是特征值，对应的特征向量是元素全为 1 的向量；最后，别忘了用“特征值之和等于迹、特征值之积等于行列式”来检验结果。求特征向量时，所解的齐次方程组的系数矩阵一定是降秩的，若化简后发现它满秩，说明特征值算错了，应当回头检查。

## 3.4 实对称矩阵的对角化

工程与统计中遇到的矩阵（如惯性矩阵、协方差矩阵、二次型的矩阵）大多是实对称矩阵。它们的特征值与特征向量有特别好的性质。

定理 3.6 实对称矩阵的特征值都是实数；属于不同特征值的特征向量相互正交。

证 只证第二条。设 $A^T = A$，$A \mathbf{p}_1 = \lambda_1 \mathbf{p}_1$，$A \mathbf{p}_2 = \lambda_2 \mathbf{p}_2$，$\lambda_1 \neq \lambda_2$。则 $\lambda_1 \mathbf{p}_1^T \mathbf{p}_2 = (A \mathbf{p}_1)^T \mathbf{p}_2 = \mathbf{p}_1^T A \mathbf{p}_2 = \lambda_2 \mathbf{p}_1^T \mathbf{p}_2$，于是 $(\lambda_1 - \lambda_2) \mathbf{p}_1^T \mathbf{p}_2 = 0$，只能 $\mathbf{p}_1^T \mathbf{p}_2 = 0$，即两个向量正交。

满足 $Q^T Q = E$ 的方阵 $Q$ 称为正交矩阵，它的各列是两两正交的单位向量，且 $Q^{-1} = Q^T$。正交矩阵对应的线性变换是旋转或反射，保持向量的长度与夹角不变。

定理 3.7 对 $n$ 阶实对称矩阵 $A$，一定存在正交矩阵 $Q$ 使 $Q^{-1} A Q = Q^T A Q = \Lambda$，其中 $\Lambda$ 是以 $A$ 的 $n$ 个特征值为对角元的对角矩阵。

求正交矩阵 $Q$ 的步骤是：求出全部特征值；对每个特征值求出基础解系，重特征值的基础解系用施密特方法正交化；把所有特征向量单位化后作为 $Q$ 的列。

例 5 求正交矩阵 $Q$，使 $Q^T A Q$ 为对角矩阵，其中 $A = \begin{pmatrix} 1 & 2 \\ 2 & 1 \end{pmatrix}$。

解 特征多项式为 $(1 - \lambda)^2 - 4 = (\lambda - 3)(\lambda + 1)$，特征值为 $3$ 和 $-1$，对应的特征向量分别为 $(1, 1)^T$ 与 $(1, -1)^T$，它们确实正交。单位化后得 $Q = \frac{1}{\sqrt{2}} \begin{pmatrix} 1 & 1 \\ 1 & -1 \end{pmatrix}$，且 $Q^T A Q = \begin{pmatrix} 3 & 0 \\ 0 & -1 \end{pmatrix}$。

几何上，这说明任何实对称矩阵所表示的变换，都是沿某几个相互垂直的方向分别作伸缩（系数可以为负，表示反向）。例如二次曲线 $x^2 + 4xy + y^2 = 1$ 的矩阵正是例 5 中的 $A$，在以特征向量为坐标轴的新坐标系下，方程化为 $3u^2 - v^2 = 1$，一眼可以看出它是双曲线。

## 3.5 应用举例：递推关系

特征值能把“反复作用”的问题化为简单的乘方。考虑斐波那契数列 $F_0 = 0$，$F_1 = 1$，$F_{n+1} = F_n + F_{n-1}$。令 $\mathbf{u}_n = (F_{n+1}, F_n)^T$，递推关系可以写成 $\mathbf{u}_n = A \mathbf{u}_{n-1}$，其中 $A = \begin{pmatrix} 1 & 1 \\ 1 & 0 \end{pmatrix}$，从而 $\mathbf{u}_n = A^n \mathbf{u}_0$。

$A$ 的特征方程为 $\lambda^2 - \lambda - 1 = 0$，两个特征值为 $\lambda_1 = \frac{1 + \sqrt{5}}{2}$，$\lambda_2 = \frac{1 - \sqrt{5}}{2}$。把 $\mathbf{u}_0$ 分解为两个特征向量的组合再作用 $A^n$，就得到通项公式

$$F_n = \frac{1}{\sqrt{5}} \left( \lambda_1^n - \lambda_2^n \right)$$

由于 $|\lambda_2| \lt 1$，当 $n$ 增大时 $\lambda_2^n$ 迅速趋于零，所以 $F_n$ 是最接近 $\frac{\lambda_1^n}{\sqrt{5}}$ 的整数，相邻两项之比趋于黄金比 $\lambda_1 \approx 1.618$。同样的方法可以用于人口迁移、马尔可夫链等模型：长期行为由模最大的特征值及其特征向量决定。

注 本章的计算都归结为求多项式的根和解齐次方程组。对于阶数很高的矩阵，特征值一般只能用数值方法近似计算，例如反复用矩阵乘一个向量的幂法，其原理正是上面所说的“最大特征值的方向最终占主导”。

## 3.6 二次型与正定矩阵

含有 $n$ 个变量的二次齐次多项式称为二次型。例如 $f = x_1^2 + 4 x_1 x_2 + x_2^2$ 就是一个二元二次型。把交叉项的系数平分给对称的两个位置，任何二次型都可以唯一地写成 $f = \mathbf{x}^T A \mathbf{x}$，其中 $A$ 是实对称矩阵，称为二次型的矩阵。上面的二次型的矩阵就是例 5 中的 $A$。

研究二次型的基本问题是：能否通过变量的线性替换，把它化为只含平方项的标准形？由定理 3.7，取正交矩阵 $Q$ 作替换 $\mathbf{x} = Q \mathbf{y}$，就有 $f = \mathbf{y}^T Q^T A Q \mathbf{y} = \lambda_1 y_1^2 + \lambda_2 y_2^2 + \cdots + \lambda_n y_n^2$，标准形的系数恰好是 $A$ 的特征值。由于正交替换不改变长度与夹角，这种化法保持了曲线、曲面的几何形状，只是换了一个观察的角度。

定义 3.3（正定） 如果对任何非零向量 $\mathbf{x}$ 都有 $\mathbf{x}^T A \mathbf{x} \gt 0$，就称实二次型 $f$ 及其矩阵 $A$ 是正定的。

定理 3.8 实对称矩阵 $A$ 正定的充分必要条件是它的特征值全为正数，也等价于它的各阶顺序主子式（左上角的 $k$ 阶子式）全为正数。

证 只证第一条。作正交替换后 $f = \lambda_1 y_1^2 + \cdots + \lambda_n y_n^2$，而 $\mathbf{x} \neq \mathbf{0}$ 当且仅当 $\mathbf{y} \neq \mathbf{0}$。若所有 $\lambda_i \gt 0$，则右端对非零的 $\mathbf{y}$ 总是正的；反之若某个 $\lambda_i \leq 0$，取 $\mathbf{y}$ 为第 $i$ 个坐标向量，右端就不是正数。

例 6 判断 $A = \begin{pmatrix} 2 & -1 & 0 \\ -1 & 2 & -1 \\ 0 & -1 & 2 \end{pmatrix}$ 是否正定。

解 顺序主子式依次为 $2 \gt 0$，$\begin{vmatrix} 2 & -1 \\ -1 & 2 \end{vmatrix} = 3 \gt 0$，$\det A = 4 \gt 0$，所以 $A$ 正定。顺便注意到它们与第一章例 6 的三对角行列式 $D_1, D_2, D_3$ 一致。

正定矩阵在多元微积分中用来判断极值：多元函数在驻点处的二阶偏导数矩阵若是正定的，该点就是极小值点。在力学中，正定的刚度矩阵保证结构在任何微小变形下都储存正的弹性能，因而是稳定的。在统计中，协方差矩阵总是半正定的，它的特征向量给出数据变化最显著的方向，这就是主成分分析的基本思想。可以说，特征值理论是线性代数通向各门应用学科的一座桥梁。

## 习题三

1. （单选）设 $\lambda = 2$ 是可逆矩阵 $A$ 的特征值，则 $A^{-1}$ 必有特征值（~~）。
（A）2~（B）$-2$~（C）$\frac{1}{2}$~（D）4
2. （单选）三阶方阵 $A$ 的特征值为 $1, 2, 3$，则 $\det A$ 等于（~~）。
（A）6~（B）5~（C）3~（D）0
3. （单选）下列矩阵中不能对角化的是（~~）。
（A）$\begin{pmatrix} 1 & 0 \\ 0 & 2 \end{pmatrix}$~（B）$\begin{pmatrix} 1 & 2 \\ 2 & 1 \end{pmatrix}$~（C）$\begin{pmatrix} 2 & 1 \\ 0 & 2 \end{pmatrix}$~（D）$\begin{pmatrix} 1 & 1 \\ 0 & 2 \end{pmatrix}$
4. （填空）矩阵 $\begin{pmatrix} 4 & 2 \\ 1 & 3 \end{pmatrix}$ 的特征值为＿＿＿＿，迹为＿＿＿＿。
5. （填空）若 $A$ 与 $B = \begin{pmatrix} 1 & 0 \\ 0 & 3 \end{pmatrix}$ 相似，则 $\det(A + E) =$ ＿＿＿＿。
6. （计算）求 $A = \begin{pmatrix} 3 & -1 \\ -1 & 3 \end{pmatrix}$ 的特征值与特征向量，并求 $A^{10}$。
7. （计算）求正交矩阵 $Q$，使 $Q^T A Q$ 为对角矩阵，其中 $A = \begin{pmatrix} 2 & 0 & 0 \\ 0 & 3 & 1 \\ 0 & 1 & 3 \end{pmatrix}$。
8. （计算）数列满足 $a_0 = 0$，$a_1 = 1$，$a_{n+1} = 3 a_n - 2 a_{n-1}$，用矩阵的对角化求通项 $a_n$。
9. （证明）设 $A^2 = A$，证明 $A$ 的特征值只能是 0 或 1。
`;
