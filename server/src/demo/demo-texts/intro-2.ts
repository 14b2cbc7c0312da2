import { figure } from './markup.js';

/** Introduction to Programming, Chapter 2: the project's own text, written for the demo. */

/**
 * A call stack at its deepest point: frames from the main program (bottom) to the newest call (top, highlighted),
 * each with its names, and on the right the value each call returns to the frame below it.
 */
function callStack(frames: { name: string; names: string; note: string; returns?: string }[]): string {
  const width = 460;
  const box = { x: 20, w: 300, h: 46, gap: 14 };
  const height = frames.length * (box.h + box.gap) + 30;
  const out: string[] = [];
  frames.forEach((f, n) => {
    // frames[0] is the main program, drawn at the bottom.
    const y = height - 20 - (n + 1) * (box.h + box.gap) + box.gap;
    const top = n === frames.length - 1;
    out.push(
      `<rect x="${box.x}" y="${y}" width="${box.w}" height="${box.h}" rx="4" fill="${top ? '#e6f4ff' : 'none'}" stroke="${top ? '#1677ff' : 'currentColor'}" stroke-width="${top ? 1.8 : 1.2}"/>`,
      `<text x="${box.x + 10}" y="${y + 19}" font-size="13" font-family="monospace" font-weight="bold" fill="currentColor">${f.name}</text>`,
      `<text x="${box.x + 150}" y="${y + 19}" font-size="13" font-family="monospace" fill="currentColor">${f.names}</text>`,
      `<text x="${box.x + 10}" y="${y + 37}" font-size="12" fill="#666">${f.note}</text>`,
    );
    if (f.returns) {
      // An arrow from this frame down to the one below, labelled with the value returned.
      const x = box.x + box.w + 26;
      const [y1, y2] = [y + box.h / 2, y + box.h + box.gap + box.h / 2];
      out.push(
        `<path d="M${box.x + box.w} ${y1} H${x} V${y2 - 6}" fill="none" stroke="#d46b08" stroke-width="1.5"/>`,
        `<polygon points="${x},${y2} ${x - 4},${y2 - 8} ${x + 4},${y2 - 8}" fill="#d46b08"/>`,
        `<text x="${x + 10}" y="${(y1 + y2) / 2 + 4}" font-size="12" fill="#d46b08">returns ${f.returns}</text>`,
      );
    }
  });
  out.push(`<text x="${box.x}" y="14" font-size="12" fill="#666">top of the stack: the call running now</text>`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img">${out.join('')}</svg>`;
}

const stack = figure(
  callStack([
    { name: 'main program', names: '', note: 'waiting in print(factorial(3))' },
    { name: 'factorial', names: 'n = 3', note: 'waiting in 3 * factorial(2)', returns: '6' },
    { name: 'factorial', names: 'n = 2', note: 'waiting in 2 * factorial(1)', returns: '2' },
    { name: 'factorial', names: 'n = 1', note: 'waiting in 1 * factorial(0)', returns: '1' },
    { name: 'factorial', names: 'n = 0', note: 'base case: return 1', returns: '1' },
  ]),
  'The call stack while factorial(3) runs, at its deepest point. Each call has its own frame and its own n; the orange arrows show the values returned as the frames are removed, from the top down.',
  'Figure 2.1',
);

export const chapter2Figures = { stack };

export const chapter2 = String.raw`
## 2.1 Defining functions

A function gives a name to a computation so that it can be reused with different inputs. You have already used several functions that come with Python: \`print\` writes text, \`len\` measures a string, \`int\` converts a value to an integer. In this chapter you will learn to write your own. Functions are the main tool programmers have for taming complexity. They let us solve a problem once, give the solution a name, and from then on think only about what the function does, not how it does it.

### A first function

A function definition starts with the keyword \`def\`, followed by the function's name, a list of parameters in parentheses, and a colon. The indented lines below form the body of the function. The \`return\` statement ends the function and hands a value back to whoever called it.

\`\`\`python
def area_of_circle(radius):
    """Return the area of a circle with the given radius."""
    return 3.14159 * radius ** 2

print(area_of_circle(1))     # 3.14159
print(area_of_circle(2.5))   # 19.6349375
\`\`\`

The string in triple quotes just below the first line is a docstring. Python stores it with the function, and tools show it when you ask for help, so \`help(area_of_circle)\` prints it. A docstring should say what the function returns, in terms of its parameters. Writing it first, before the body, is an excellent habit: if you cannot say in one sentence what a function is for, you are not yet ready to write it.

Defining a function does not run its body. The \`def\` statement only creates the function and attaches the name to it. The body runs each time the function is called, that is, each time an expression like \`area_of_circle(2.5)\` is evaluated.

### Parameters and arguments

The names in the parentheses of a definition are called parameters. The values supplied in a call are called arguments. When a function is called, Python first evaluates the argument expressions, then assigns each value to the corresponding parameter, and then runs the body. So a call behaves as if the body began with one assignment per parameter, here \`radius = 2.5\`. Because arguments are evaluated first, an argument can be any expression, including another call: \`area_of_circle(len("abc"))\` computes \`len("abc")\`, which is \`3\`, and passes that value on.

### What a call does

It is worth following one call step by step, because the same steps happen in every call of every function, including the recursive calls of the next section. Table 2.1 lists them.

: Table 2.1 What Python does when it evaluates a call such as \`area_of_circle(2.5)\`
| Step | What happens |
| 1 | The arguments are evaluated, from left to right. |
| 2 | A new, empty frame is created: a private table of names for this call. |
| 3 | The argument values are assigned to the parameter names in that frame. |
| 4 | The body runs. Names assigned in the body go into the frame as well. |
| 5 | At \`return\`, the expression after it is evaluated, the frame is thrown away, and the caller continues with the returned value in place of the call. |

The frame is why names inside a function are called local variables. They exist only while the call is running, and each call has its own. A variable assigned inside a function is invisible outside it, and a function can use the same names as its caller without any clash.

\`\`\`python
def hypotenuse(a, b):
    squares = a ** 2 + b ** 2
    return squares ** 0.5

squares = "unrelated"
print(hypotenuse(3, 4))   # 5.0
print(squares)            # unrelated
\`\`\`

The \`squares\` inside \`hypotenuse\` lives in the call's frame; the \`squares\` outside is a different name in a different table, and the call does not touch it.

### Return values and None

A function that reaches the end of its body without a \`return\` statement returns a special value, \`None\`, which means "no value". This matters because of a confusion that almost every beginner meets: the difference between printing a value and returning it. Printing shows a value to the person at the screen, and the program cannot use it afterwards. Returning gives the value back to the program, which can store it, combine it with other values, or pass it to another function.

\`\`\`python
def double_print(x):
    print(x * 2)

def double_return(x):
    return x * 2

a = double_print(5)    # shows 10, but a is None
b = double_return(5)   # shows nothing, and b is 10
print(b + 1)           # 11
print(a + 1)           # TypeError: unsupported operand type(s)
\`\`\`

As a rule, functions that compute something should return it and leave printing to the part of the program that talks to the user. Such functions are easier to test and easier to reuse.

## 2.2 Recursion

A recursive function calls itself on a smaller problem until it reaches a case it can answer directly. This may sound like a trick, or like a circle, but it is neither. It is a direct way of writing down many definitions that we already know. Consider the factorial of a whole number: \`n!\` is the product \`1 × 2 × … × n\`, and \`0!\` is defined to be \`1\`. Another way to say the same thing is that \`0!\` is \`1\`, and for any larger \`n\`, \`n!\` is \`n\` times \`(n - 1)!\`. The second description refers to factorial itself, but only for a smaller number, so it is not circular. It translates into Python word for word:

\`\`\`python
def factorial(n):
    """Return n! for a whole number n >= 0."""
    if n == 0:
        return 1                      # base case
    return n * factorial(n - 1)       # recursive case
\`\`\`

Every recursive function has these two parts. The **base case** is a problem small enough to answer directly, without recursion. The **recursive case** reduces the problem to a smaller instance of itself and combines the answer. For the recursion to end, each recursive call must move closer to the base case: here \`n\` decreases by one each time, so from any \`n >= 0\` it reaches \`0\` after \`n\` steps.

### The call stack

How can one function be running several times at once? The answer lies in the frames of Section 2.1. Every call gets its own frame with its own \`n\`, and Python keeps the frames of unfinished calls in a stack: a new call puts a frame on top, and a return removes the top frame. Figure 2.1 shows the stack at its deepest point while \`factorial(3)\` is being computed. Four frames of \`factorial\` exist at the same time, each with a different value of \`n\`, and all but the top one are waiting for the call above them to return.

{{fig:stack}}

When \`factorial(0)\` returns \`1\`, its frame is removed, and the call below it can finish its multiplication: \`1 * 1\` is \`1\`. That call returns in turn, then \`2 * 1\` gives \`2\`, and finally \`3 * 2\` gives \`6\`, which is passed down to the \`print\` in the main program. The multiplications happen on the way back down the stack, in the opposite order from the calls. Tracing a recursive function with a drawing like Figure 2.1 is the surest way to understand it, and it is worth doing by hand several times.

### Thinking recursively

Tracing is good for understanding, but it is not how you should design a recursive function. To write one, trust the recursion. Assume the function already works for smaller inputs, and ask only: how do I get the answer for this input from the answer for a smaller one? Then make sure the smallest inputs are handled directly. For example, to add up the digits of a whole number, notice that the last digit is \`n % 10\` and the remaining digits form the number \`n // 10\`:

\`\`\`python
def digit_sum(n):
    """Return the sum of the decimal digits of n >= 0."""
    if n < 10:
        return n
    return n % 10 + digit_sum(n // 10)

print(digit_sum(2025))   # 9
\`\`\`

There was no need to think about all four digits at once. If \`digit_sum(202)\` is right, then \`digit_sum(2025)\` is \`5 + digit_sum(202)\`, and that is all the function has to know.

### When recursion goes wrong

Two mistakes are common. The first is a missing or unreachable base case. If we call \`factorial(-1)\`, the argument goes to \`-2\`, \`-3\` and so on, never reaching \`0\`. Python does not let the stack grow without limit: after about a thousand nested calls it stops the program with a \`RecursionError: maximum recursion depth exceeded\`. The second mistake is subtler: a recursion that is correct but extremely slow. The Fibonacci numbers \`1, 1, 2, 3, 5, 8, …\`, in which each number is the sum of the two before it, have an obvious recursive definition:

\`\`\`python
def fib(n):
    """Return the n-th Fibonacci number, fib(1) = fib(2) = 1."""
    if n <= 2:
        return 1
    return fib(n - 1) + fib(n - 2)
\`\`\`

This function is correct, but each call makes two more calls, and the same values are computed again and again: \`fib(5)\` computes \`fib(3)\` twice and \`fib(2)\` three times. Table 2.2 shows how quickly the number of calls grows. Each step of 10 in \`n\` multiplies the work by more than a hundred.

: Table 2.2 Calls made by the recursive fib
| n | fib(n) | calls of fib |
| 5 | 5 | 9 |
| 10 | 55 | 109 |
| 20 | 6,765 | 13,529 |
| 30 | 832,040 | 1,664,079 |

A loop that remembers the last two numbers computes \`fib(30)\` in thirty steps. Recursion is a way of thinking about a problem; it does not excuse us from thinking about cost. We will return to loops, and to techniques that make such recursions fast, in later chapters.

## 2.3 More about parameters

So far every argument has been matched to its parameter by position: the first argument to the first parameter, and so on. Python offers two more conveniences that make functions easier to call correctly.

### Default values

A parameter can be given a default value in the definition. If the caller leaves out that argument, the default is used. Parameters with defaults must come after those without.

\`\`\`python
def greet(name, greeting="Hello"):
    return f"{greeting}, {name}!"

print(greet("Wang Lei"))              # Hello, Wang Lei!
print(greet("Wang Lei", "Welcome"))   # Welcome, Wang Lei!
\`\`\`

Defaults are good for options that are usually the same. The built-in \`round\` works this way: \`round(3.14159)\` rounds to a whole number, and \`round(3.14159, 2)\` gives \`3.14\`.

### Keyword arguments

An argument can also be passed by naming its parameter, as in \`greet(name="Wang Lei", greeting="Hi")\`. Such keyword arguments may come in any order, and they make calls self-explaining. Compare \`make_account("Li", 0, True)\` with \`make_account("Li", balance=0, frozen=True)\`: only the second can be understood without looking up the definition. When a function takes several arguments of the same type, especially several truth values, prefer keywords in the call.

A related detail is worth knowing. The \`print\` function takes keyword arguments too: \`sep\` is the text put between the values, with a space as default, and \`end\` is the text written at the end, with a new line as default. So \`print(1, 2, 3, sep="-")\` prints \`1-2-3\`.

## 2.4 Functions as values

In Python a function is a value, just like a number or a string. The name in a \`def\` statement is an ordinary variable that refers to the function. This means a function can be assigned to another name, stored, and, most usefully, passed as an argument to another function.

\`\`\`python
def apply_twice(f, x):
    """Return f(f(x))."""
    return f(f(x))

def add_three(n):
    return n + 3

print(apply_twice(add_three, 10))   # 16
\`\`\`

Note the difference between \`add_three\` and \`add_three(10)\`. The first is the function itself; the second calls it and stands for its result. In \`apply_twice(add_three, 10)\` we pass the function, without parentheses, and \`apply_twice\` decides when to call it. A function that takes or returns other functions is called a higher-order function.

### Lambda expressions

For a small function that is needed only once, writing a whole \`def\` is clumsy. A lambda expression creates a function without a name: \`lambda n: n * n\` is a function that returns the square of its argument. Its body must be a single expression, whose value is returned. So \`apply_twice(lambda n: n * n, 3)\` is \`81\`.

Higher-order functions are common in Python's standard library. The built-in \`sorted\` takes an optional \`key\` argument: a function that is applied to each item, with the items then sorted by the results. To sort words by length instead of alphabetically:

\`\`\`python
words = ["banana", "fig", "cherry", "kiwi"]
print(sorted(words))                # ['banana', 'cherry', 'fig', 'kiwi']
print(sorted(words, key=len))       # ['fig', 'kiwi', 'banana', 'cherry']
print(sorted(words, key=lambda w: w[-1]))
# ['banana', 'fig', 'kiwi', 'cherry']
\`\`\`

The last line sorts by the final letter of each word. When two items have the same key, as \`banana\` and \`cherry\` do in the second line, \`sorted\` keeps them in their original order.

### Functions that make functions

A function can also return a function. The inner function below is created anew each time \`make_multiplier\` is called, and it remembers the value of \`factor\` from the call that created it, even after that call has returned and its frame is gone from the stack.

\`\`\`python
def make_multiplier(factor):
    def multiply(x):
        return x * factor
    return multiply

double = make_multiplier(2)
triple = make_multiplier(3)
print(double(10), triple(10))   # 20 30
\`\`\`

A function together with the names it remembers from where it was defined is called a closure. Closures let us build families of related functions from one definition: \`double\` and \`triple\` share their code and differ only in the remembered \`factor\`. You will not need closures often in this course, but when you meet them in other people's programs, remember this picture: a small function carrying a few values from the place where it was born.

## 2.5 Designing functions

Knowing the rules for writing functions is only the beginning. Good programmers also know how to decide what a function should do, and how to check that it does it. The guidelines in this section are not rules of the language, but they will save you many hours.

### One function, one job

A function should do one clearly described thing. If its docstring needs the word "and", consider splitting it in two. Small functions are easier to name, to test and to reuse, and a program built from well-named small functions reads almost like a description of the solution. A useful test of a name is whether a call reads naturally in the middle of an expression: \`if is_leap_year(year):\` says exactly what it means.

### Pure functions

A function whose result depends only on its arguments, and which does nothing except compute that result, is called pure. \`digit_sum\` is pure: the same argument always gives the same answer, and calling it changes nothing else. A function that prints, reads input, or changes variables outside itself has side effects. Programs need side effects, since otherwise they could not show results, but it is wise to keep them at the edges of a program and keep the calculations in pure functions. Pure functions can be tested by simply comparing their results with the expected values.

### Testing with assert

The statement \`assert condition\` does nothing if the condition is true and stops the program with an \`AssertionError\` if it is false. A few assertions written right after a function make a simple and effective test:

\`\`\`python
def is_leap_year(year):
    """Return True if year is a leap year in the Gregorian calendar."""
    return year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)

assert is_leap_year(2024)
assert not is_leap_year(2023)
assert not is_leap_year(1900)
assert is_leap_year(2000)
\`\`\`

Choose test cases deliberately. Include an ordinary case, the boundaries (such as \`0\` for \`factorial\`, or a one-digit number for \`digit_sum\`), and the special cases the problem statement mentions, like the century years above. A test that fails is good news: it has found a mistake before your users did.

### A recipe

When you face a new problem, the following steps are a reliable way to arrive at a working function. First, choose a name and the parameters. Second, write the docstring, saying what the function returns. Third, write two or three examples as assertions, working out the expected values by hand. Fourth, write the body. Fifth, run the assertions, and when one fails, trace the failing example step by step, as we traced \`factorial\`. The examples you write in the third step are worth more than they seem: working them out by hand is often where you discover how to write the body.

## 2.6 Exercises

1. (Predict) What does this program print? \`def f(x): return x * 2\` followed by \`print(f(f(3)) + f(1))\`.
2. (Predict) Draw the call stack, as in Figure 2.1, at its deepest point during \`digit_sum(347)\`, and give the value each call returns.
3. (Predict) What do \`greet("Ana", greeting="Hi")\` and \`apply_twice(lambda s: s + "!", "wow")\` evaluate to?
4. (Debug) A student writes a function \`square(x)\` whose body is \`print(x * x)\`, and then \`total = square(3) + square(4)\` fails with a \`TypeError\`. Explain why and fix the function.
5. (Debug) The function below never stops for some arguments. For which ones, and why? Fix it so that it works for every whole number \`n >= 0\`.
\`def count_down(n): return 0 if n == 1 else count_down(n - 2)\`
6. (Write) Write a recursive function \`power(b, e)\` that returns \`b\` to the power \`e\` for a whole number \`e >= 0\`, using only multiplication. Add four assertions, including the case \`e = 0\`.
7. (Write) Write a recursive function \`reverse(s)\` that returns the string \`s\` reversed, so that \`reverse("stack")\` is \`"kcats"\`. Hint: the reverse of a string is the reverse of everything after its first character, followed by that character.
8. (Write) Write a function \`count_calls(n)\` that returns how many calls of \`fib\` are made when computing \`fib(n)\` with the recursive definition of Section 2.2, and use it to check Table 2.2. Can you find a formula for the number of calls in terms of \`fib(n)\`?
`;
