import { figure } from './markup.js';

/** Introduction to Programming, Chapter 1: the project's own text, written for the demo. */

interface Node {
  label: string;
  value?: string;
  children?: Node[];
}

/** An expression tree drawn top-down: operators in circles with their values beside them, operands in boxes. */
export function expressionTree(root: Node, caption: string, label: string): string {
  const out: string[] = [];
  const leaves = (n: Node): number => (n.children ? n.children.reduce((s, c) => s + leaves(c), 0) : 1);
  const depth = (n: Node): number => 1 + Math.max(0, ...(n.children ?? []).map(depth));
  const unit = 70;
  const width = leaves(root) * unit + 40;
  const height = depth(root) * 70 + 10;
  const place = (n: Node, from: number, level: number): [number, number] => {
    const x = 20 + (from + leaves(n) / 2) * unit;
    const y = 30 + level * 70;
    let start = from;
    for (const c of n.children ?? []) {
      const [cx, cy] = place(c, start, level + 1);
      // The edge from the parent's circle to the child's shape, not into them.
      const len = Math.hypot(cx - x, cy - y);
      const [ux, uy] = [(cx - x) / len, (cy - y) / len];
      const [x1, y1, x2, y2] = [x + 18 * ux, y + 18 * uy, cx - 18 * ux, cy - 18 * uy].map((v) => Math.round(v));
      out.push(`<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="currentColor" stroke-width="1.2"/>`);
      start += leaves(c);
    }
    if (n.children) {
      out.push(
        `<circle cx="${x}" cy="${y}" r="17" fill="#e6f4ff" stroke="#1677ff" stroke-width="1.5"/>`,
        `<text x="${x}" y="${y + 5}" font-size="15" font-family="monospace" text-anchor="middle" fill="#1677ff">${n.label}</text>`,
      );
      if (n.value) out.push(`<text x="${x + 22}" y="${y - 12}" font-size="12" fill="#d46b08">→ ${n.value}</text>`);
    } else
      out.push(
        `<rect x="${x - 16}" y="${y - 14}" width="32" height="28" rx="4" fill="none" stroke="currentColor" stroke-width="1.2"/>`,
        `<text x="${x}" y="${y + 5}" font-size="15" font-family="monospace" text-anchor="middle" fill="currentColor">${n.label}</text>`,
      );
    return [x, y];
  };
  place(root, 0, 0);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img">${out.join('')}</svg>`;
  return figure(svg, caption, label);
}

const tree = expressionTree(
  {
    label: '-',
    value: '19',
    children: [
      {
        label: '*',
        value: '20',
        children: [{ label: '+', value: '5', children: [{ label: '2' }, { label: '3' }] }, { label: '4' }],
      },
      { label: '1' },
    ],
  },
  'The expression (2 + 3) * 4 - 1 as a tree. Python evaluates the operands of each operator before the operator itself, so values flow upward: 5, then 20, then 19.',
  'Figure 1.1',
);

export const chapter1Figures = { tree };

export const chapter1 = String.raw`
## 1.1 What a program is

A program is a precise description of a computation. The computer follows it step by step, without guessing what we meant. That last sentence is the most important idea in this chapter, and it explains both the power and the frustration of programming. The power comes from the fact that a computer will carry out millions of steps per second, exactly as written, without ever getting tired or bored. The frustration comes from the same fact: if what we wrote is not quite what we meant, the computer will do what we wrote.

People give each other instructions all the time, and those instructions are usually vague. A recipe may say "add salt to taste" or "bake until golden". A human cook fills the gaps with experience and common sense. A computer has neither. Every step in a program must be spelled out in a language whose rules leave no room for interpretation. Such a language is called a programming language, and in this book we use one of the most widely taught ones, Python.

### Running Python

Python programs are run by a program called the interpreter. You can use the interpreter in two ways. In interactive mode, you type one line at a time after the prompt \`>>>\` and the interpreter answers immediately. This is a good way to try out small ideas. In script mode, you write a whole program into a file whose name ends in \`.py\` and ask the interpreter to run the file from top to bottom. Real programs are written as scripts, but we will use interactive mode often in this chapter because it shows every answer at once.

\`\`\`python
>>> 2 + 3
5
>>> print("Hello, world!")
Hello, world!
\`\`\`

The first line asks Python to evaluate \`2 + 3\`, and the interpreter shows the result. The second line calls the built-in function \`print\`, which writes text to the screen. The text in quotation marks is called a string. Notice that the interpreter does not show the quotation marks when it prints: they are part of how we write a string in a program, not part of the string itself.

### Three kinds of error

Programs rarely work the first time, and that is normal. It helps to know the three kinds of mistake you will meet. A **syntax error** means the program breaks the grammar of the language, for example a missing closing parenthesis. Python refuses to run such a program at all and points to the place where it got confused. A **runtime error** happens while the program is running: the grammar is fine, but a step cannot be carried out, such as dividing by zero. Python stops and prints a message called a traceback that tells you which line failed and why. A **logic error** is the hardest to find, because nothing stops the program. It runs to the end and produces an answer; the answer is simply wrong. Only careful testing reveals logic errors.

\`\`\`python
>>> print("unfinished"
  File "<stdin>", line 1
    print("unfinished"
         ^
SyntaxError: '(' was never closed
>>> 10 / 0
Traceback (most recent call last):
  File "<stdin>", line 1, in <module>
ZeroDivisionError: division by zero
\`\`\`

Error messages can look hostile at first, but they are written to help you. Read them from the bottom up: the last line names the kind of error and usually says what went wrong, and the lines above it show where. Much of the skill of programming is the skill of reading these messages calmly.

## 1.2 Expressions

An expression combines values with operators. Evaluating it yields a new value. The simplest expressions are plain values such as \`42\` or \`"hello"\`, called literals. Larger expressions are built by joining smaller ones with operators, just as in school arithmetic: \`2 + 3\` is an expression, and so is \`(2 + 3) * 4 - 1\`.

### Arithmetic operators

Python has the familiar operators for addition, subtraction and multiplication, plus a few that deserve a closer look. There are two kinds of division. The operator \`/\` always gives a result with a fractional part, so \`7 / 2\` is \`3.5\` and even \`6 / 2\` is \`3.0\`. The operator \`//\` is floor division: it divides and then rounds down to the nearest whole number, so \`7 // 2\` is \`3\`. Rounding down means rounding toward minus infinity, so \`-7 // 2\` is \`-4\`, not \`-3\`. The remainder operator \`%\` gives what is left over: \`7 % 2\` is \`1\`. Floor division and remainder belong together; for any whole numbers \`a\` and \`b\` (with \`b\` not zero), \`(a // b) * b + a % b\` equals \`a\`. Finally, \`**\` raises a number to a power: \`2 ** 10\` is \`1024\`.

\`\`\`python
>>> 7 / 2
3.5
>>> 7 // 2
3
>>> 7 % 2
1
>>> -7 // 2
-4
>>> 2 ** 10
1024
\`\`\`

The remainder operator is more useful than it looks. A number \`n\` is even exactly when \`n % 2\` is \`0\`. The last digit of a whole number is \`n % 10\`, and \`n // 10\` removes that digit. A time of 135 minutes is \`135 // 60\` hours and \`135 % 60\` minutes, that is, 2 hours and 15 minutes. We will use these tricks again when we write functions in the next chapter.

### Precedence and associativity

When an expression contains several operators, Python must decide which to apply first. It follows rules of precedence much like those of arithmetic: powers before multiplication and division, and those before addition and subtraction. Table 1.1 lists the operators of this chapter from the highest precedence to the lowest. Operators in the same row have the same precedence, and are applied from left to right, with one exception: \`**\` groups from right to left, so \`2 ** 3 ** 2\` means \`2 ** 9\`, which is \`512\`.

: Table 1.1 Operators of this chapter, from highest precedence to lowest
| Operators | Meaning | Example | Value |
| \`**\` | power | \`2 ** 3\` | \`8\` |
| \`-x\` | negation | \`-2 ** 2\` | \`-4\` |
| \`* / // %\` | multiply, divide, floor divide, remainder | \`7 // 2 * 2\` | \`6\` |
| \`+ -\` | add, subtract (also joining strings) | \`1 + 2 * 3\` | \`7\` |
| \`< <= > >= == !=\` | comparisons | \`1 + 1 == 2\` | \`True\` |
| \`not\` | logical negation | \`not 1 > 2\` | \`True\` |
| \`and\` | logical and | \`True and False\` | \`False\` |
| \`or\` | logical or | \`False or True\` | \`True\` |

Look at the second row carefully. Because \`**\` binds more tightly than negation, \`-2 ** 2\` means \`-(2 ** 2)\`, which is \`-4\`. Rules like this are easy to forget, and there is no prize for relying on them. When in doubt, add parentheses. They cost nothing, and they make your intention clear to the next person who reads the code, who is often yourself a few weeks later.

### Expressions as trees

It is useful to picture an expression as a tree, as in Figure 1.1. Each operator is a node whose children are its operands. To evaluate the tree, Python evaluates the children of a node before the node itself: first \`2 + 3\` gives \`5\`, then \`5 * 4\` gives \`20\`, and finally \`20 - 1\` gives \`19\`. The parentheses in the written form have disappeared in the tree; they only told Python how to build it. Thinking of evaluation as "values flowing up a tree" will help you later, when expressions contain function calls whose arguments are themselves expressions.

{{fig:tree}}

## 1.3 Types of values

Every value in Python has a type, which determines what the value means and which operations make sense for it. You can ask for the type of any value with the built-in function \`type\`. The four types we meet first are whole numbers (\`int\`), numbers with a fractional part (\`float\`), text (\`str\`) and truth values (\`bool\`).

\`\`\`python
>>> type(42)
<class 'int'>
>>> type(3.5)
<class 'float'>
>>> type("42")
<class 'str'>
>>> type(True)
<class 'bool'>
\`\`\`

Note the difference between \`42\` and \`"42"\`. The first is a number you can calculate with; the second is a piece of text that happens to consist of two digit characters. Writing \`"42" + 1\` is a type error, because Python will not guess whether you meant arithmetic or joining text.

### Integers and floats

Python integers can be as large as memory allows. The expression \`2 ** 100\` gives a thirty-one-digit number, exactly. Floats are different: they are stored in a fixed amount of memory, in binary, and most decimal fractions cannot be represented exactly in binary, just as one third cannot be written exactly in decimal. The result is sometimes surprising.

\`\`\`python
>>> 0.1 + 0.2
0.30000000000000004
>>> 0.1 + 0.2 == 0.3
False
>>> abs((0.1 + 0.2) - 0.3) < 1e-9
True
\`\`\`

This is not a bug in Python; every language that uses the standard binary floating-point format behaves the same way. The lesson is practical. Use integers when you are counting things, and when you compare floats, ask whether they are close enough rather than exactly equal, as in the last line above. Money is a good example of something that should not be stored as a float: store a price as a whole number of cents or fen instead.

### Converting between types

The names of the types double as functions that convert values. \`int("42")\` turns text into a number, \`str(42)\` turns a number into text, and \`float("2.5")\` reads a decimal number. Converting a float to an integer with \`int\` simply cuts off the fractional part, so \`int(3.9)\` is \`3\`; to round to the nearest whole number use \`round\` instead. A conversion that makes no sense fails with a runtime error: \`int("three")\` raises a \`ValueError\`. Conversions matter because data from the outside world, such as what a user types, always arrives as text. A program that asks for someone's age must convert the answer before doing arithmetic with it.

\`\`\`python
age = int(input("How old are you? "))
print("Next year you will be", age + 1)
\`\`\`

## 1.4 Variables and assignment

Calculating with literals soon becomes tedious. A variable is a name that refers to a value, so that we can use the value again later without retyping it. We create a variable with an assignment statement: a name, an equals sign, and an expression.

\`\`\`python
width = 8
height = 5
area = width * height
print(area)
\`\`\`

Python runs an assignment in two steps. First it evaluates the expression on the right. Then it makes the name on the left refer to the resulting value. So in the third line, \`width * height\` is evaluated to \`40\` first, and only then does the name \`area\` come to refer to \`40\`. It is best to think of a variable as a label attached to a value, not as a box containing the value. One value can carry several labels, and a label can be moved to a different value at any time.

### Assignment is not equality

The equals sign in an assignment does not mean what it means in mathematics. In mathematics, \`x = x + 1\` is a contradiction. In Python it is an ordinary and very common statement: evaluate \`x + 1\` using the current value of \`x\`, then move the label \`x\` to the result. To test whether two values are equal, Python uses a different operator, \`==\`, which we meet in Section 1.6. Confusing the two is one of the most common beginner mistakes, and fortunately Python refuses \`if x = 3:\` as a syntax error.

\`\`\`python
count = 0
count = count + 1
count += 1        # a shorter way to write the same thing
print(count)      # prints 2
\`\`\`

The text after a \`#\` sign is a comment. Python ignores it; it is there for human readers.

### Choosing names

Names may contain letters, digits and underscores, but may not start with a digit, and they are case-sensitive, so \`Area\` and \`area\` are different names. A few words such as \`if\`, \`def\` and \`return\` are reserved by the language. Within those rules you are free, and the freedom is worth using well. A name should say what the value means: \`seconds_per_day\` is better than \`s\`, and much better than \`x2\`. Python programmers write names in lower case with underscores between words. Good names are the cheapest documentation there is.

### Order matters

A program is run statement by statement, from top to bottom, and a name can only be used after a value has been assigned to it. If we swap the first and third lines of the area program, Python stops with a \`NameError\`, because when it reaches \`width * height\` neither name refers to anything yet. Likewise, changing \`width\` after computing \`area\` does not change \`area\`: the area was computed once, from the values the names had at that moment. Variables do not remember formulas; they remember values.

## 1.5 Strings

A string is a sequence of characters, written between single or double quotes. Python does not care which you use, as long as both ends match, so you can write \`"It's late"\` with double quotes around a single quote. Strings can hold any text, including Chinese characters: \`len("你好")\` is \`2\`, because the string has two characters.

### Operators on strings

Two arithmetic operators have a meaning for strings. The operator \`+\` joins two strings, an operation called concatenation, and \`*\` repeats a string a whole number of times. Other arithmetic operators make no sense for text and raise a \`TypeError\`.

\`\`\`python
>>> "data" + "base"
'database'
>>> "ab" * 3
'ababab'
>>> "Room " + str(101)
'Room 101'
\`\`\`

In the last example \`str\` is needed because \`+\` will not join a string and a number. Here, as elsewhere, Python prefers an error message to a guess.

### Indexing and slicing

Each character in a string has a position, called its index, starting from zero. The expression \`s[0]\` gives the first character of \`s\`, \`s[1]\` the second, and so on. Negative indexes count from the end, so \`s[-1]\` is the last character. A slice \`s[i:j]\` gives the characters from index \`i\` up to but not including index \`j\`. Either end may be left out: \`s[:3]\` is the first three characters and \`s[3:]\` is everything after them.

\`\`\`python
>>> word = "python"
>>> word[0], word[-1]
('p', 'n')
>>> word[1:4]
'yth'
>>> word[:2] + word[2:]
'python'
\`\`\`

Counting from zero and leaving out the end of a slice may seem odd, but together they make many things simpler. The length of \`s[i:j]\` is just \`j - i\`, and \`s[:k] + s[k:]\` is always the whole string, whatever \`k\` is. Strings cannot be changed once created: \`word[0] = "P"\` is an error. To get a changed string, build a new one, for example \`"P" + word[1:]\`.

### Formatted strings

Programs often need to build text that contains values. Joining pieces with \`+\` and \`str\` works, but it is clumsy. A formatted string, written with the letter \`f\` before the opening quote, lets you put expressions directly inside braces. The expressions are evaluated and their values inserted. A format specification after a colon controls the layout; for example \`:.2f\` shows a float with two digits after the decimal point.

\`\`\`python
name = "Li Hua"
score = 87.456
print(f"{name} scored {score:.2f} points")
# Li Hua scored 87.46 points
\`\`\`

## 1.6 Booleans and comparisons

The type \`bool\` has exactly two values, \`True\` and \`False\`. They are the results of comparisons, and they are what programs use to make decisions. Python has six comparison operators: \`<\`, \`<=\`, \`>\`, \`>=\`, \`==\` for equality and \`!=\` for inequality. Comparisons work on numbers in the obvious way and on strings in dictionary order, character by character, so \`"apple" < "banana"\` is \`True\`. Python also allows chained comparisons that read like mathematics: \`0 <= x < 10\` means \`0 <= x and x < 10\`.

### Logical operators

Truth values are combined with \`and\`, \`or\` and \`not\`. An \`and\` expression is true when both sides are true, an \`or\` expression when at least one side is true, and \`not\` turns true into false and back. Both \`and\` and \`or\` evaluate their left side first and stop as soon as the answer is known. This is called short-circuit evaluation, and it is useful for guarding a risky test with a safe one:

\`\`\`python
count = 0
total = 50
if count != 0 and total / count > 10:
    print("high average")
\`\`\`

Here the division is never attempted, because \`count != 0\` is already false and the \`and\` cannot be true. If the two tests were written in the other order, the program would stop with a division by zero.

### Truthiness

In a place where Python expects a truth value, any value can be used. Zero, the empty string and a few other "empty" values count as false; everything else counts as true. So \`if name:\` is a common short way of asking whether a string is non-empty. Use this sparingly while you are learning. Writing \`if name != "":\` says the same thing explicitly, and explicit code is easier to check.

### Putting it together

The small program below uses almost everything in this chapter: input converted to a number, arithmetic with floor division and remainder, a comparison, and a formatted string.

\`\`\`python
total = int(input("Minutes of video watched this week: "))
hours = total // 60
minutes = total % 60
print(f"That is {hours} h {minutes} min.")
print("Above the weekly goal:", total > 300)
\`\`\`

Read it line by line and predict what it prints for an input of \`330\` before you run it. Predicting, then checking, is the habit that turns a reader of programs into a writer of them.

## 1.7 Exercises

1. (Predict) Without running them, write down the value and type of each expression, then check your answers in the interpreter: \`17 // 5\`, \`17 % 5\`, \`17 / 5\`, \`-17 // 5\`, \`2 ** 3 ** 2\`, \`(2 ** 3) ** 2\`.
2. (Predict) What does each of these print, or what error does it raise? \`print("3" * 3)\`, \`print("3" + 3)\`, \`print(int("3") + 3)\`, \`print(int(3.99))\`.
3. (Predict) Let \`s = "programming"\`. Give the values of \`s[0]\`, \`s[-1]\`, \`s[3:7]\`, \`s[:3] + s[-3:]\` and \`len(s[2:])\`.
4. (Predict) Draw the expression tree of \`1 + 2 * 3 ** 2 - 4\` and write the value of every operator node, as in Figure 1.1.
5. (Debug) The statement \`print("Total: " + 42)\` stops with a \`TypeError\`. Explain why, and give two different ways to fix it.
6. (Debug) A student writes \`average = a + b / 2\` to compute the average of two numbers and gets wrong answers. What is wrong, and what should the line be?
7. (Write) Write a program that reads a number of seconds and prints it as hours, minutes and seconds, for example \`3725\` as \`1 h 2 min 5 s\`. Use only \`//\` and \`%\`.
8. (Write) Write an expression that is \`True\` exactly when a year \`y\` is a leap year: divisible by 4, except years divisible by 100, which are leap years only if they are also divisible by 400. Test it on 1900, 2000, 2023 and 2024.
`;
