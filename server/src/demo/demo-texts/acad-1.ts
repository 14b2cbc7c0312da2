import { figure } from './markup.js';

/** Academic English Writing, Unit 1: the project's own text, written for the demo. */

const BLUE = '#1677ff';
const ORANGE = '#d46b08';

/**
 * The shape of a research paper: the introduction narrowing to the thesis, the body (methods, results,
 * discussion) at full width, the conclusion widening again; each part's job on the right.
 */
function paperShape(): string {
  const [left, wide, narrow] = [20, 240, 90];
  const mid = left + wide / 2;
  const out: string[] = [];
  const label = (y: number, title: string, job: string, color: string) =>
    out.push(
      `<text x="${mid}" y="${y + 5}" font-size="14" font-weight="bold" text-anchor="middle" fill="${color}">${title}</text>`,
      `<text x="${left + wide + 24}" y="${y + 5}" font-size="12" fill="currentColor">${job}</text>`,
      `<line x1="${left + wide + 4}" y1="${y}" x2="${left + wide + 18}" y2="${y}" stroke="currentColor" stroke-dasharray="2 2"/>`,
    );
  // Introduction: an inverted trapezoid, general at the top, specific at the bottom.
  out.push(
    `<polygon points="${left},20 ${left + wide},20 ${mid + narrow / 2},100 ${mid - narrow / 2},100" fill="${BLUE}" fill-opacity="0.12" stroke="${BLUE}" stroke-width="1.5"/>`,
  );
  label(50, 'Introduction', 'from the general area to the gap', BLUE);
  out.push(
    `<text x="${mid}" y="92" font-size="11" text-anchor="middle" fill="currentColor">thesis</text>`,
    `<line x1="${mid + 30}" y1="88" x2="${left + wide + 18}" y2="88" stroke="currentColor" stroke-dasharray="2 2"/>`,
    `<text x="${left + wide + 24}" y="93" font-size="12" fill="currentColor">ends with the thesis or question</text>`,
  );
  ['Methods', 'Results', 'Discussion'].forEach((part, n) => {
    const y = 112 + n * 46;
    out.push(
      `<rect x="${mid - narrow / 2}" y="${y}" width="${narrow}" height="36" fill="none" stroke="currentColor" stroke-width="1.3"/>`,
    );
    label(
      y + 18,
      part,
      ['how the evidence was gathered', 'what was found', 'what it means; limits'][n]!,
      'currentColor',
    );
  });
  // Conclusion: a trapezoid widening again.
  out.push(
    `<polygon points="${mid - narrow / 2},262 ${mid + narrow / 2},262 ${left + wide},342 ${left},342" fill="${ORANGE}" fill-opacity="0.12" stroke="${ORANGE}" stroke-width="1.5"/>`,
  );
  label(312, 'Conclusion', 'from the findings back to the wider field', ORANGE);
  // The body: a brace on the left of the three sections.
  const bx = mid - narrow / 2 - 12;
  out.push(
    `<path d="M${bx + 6} 112 Q${bx} 112 ${bx} 120 V170 L${bx - 6} 176 L${bx} 182 V232 Q${bx} 240 ${bx + 6} 240" fill="none" stroke="currentColor" stroke-width="1.2"/>`,
    `<text x="${bx - 12}" y="180" font-size="14" font-weight="bold" text-anchor="end" fill="currentColor">Body</text>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="560" height="360" viewBox="0 0 560 360" role="img">${out.join('')}</svg>`;
}

const shape = figure(
  paperShape(),
  'The hourglass shape of a research paper: the introduction narrows from the general area to the thesis, the body develops it, and the conclusion widens again to the field.',
  'Figure 1.1',
);

export const unit1Figures = { shape };

export const unit1 = String.raw`
## Choosing a topic

A good topic is narrow enough to cover in depth and broad enough to find sources. Most students begin with topics that are far too broad, such as "climate change", "artificial intelligence" or "education in China". Each of these fills whole libraries. A paper of three thousand words cannot say anything new about them; it can only repeat what everybody already knows. The first task in planning a paper is therefore to narrow a subject down to something you can actually investigate.

### Understanding the assignment

Before choosing anything, read the assignment carefully and more than once. Underline the verbs. An assignment that asks you to **describe** a process wants something different from one that asks you to **evaluate** a policy or to **compare** two theories. Note the length, the deadline, the required number and kind of sources, and the citation style. If anything is unclear, ask your teacher early. A surprising number of weak papers are not badly written at all; they are good answers to a different question from the one that was set.

### From subject to topic to question

Narrowing usually happens in steps. Start with a broad subject that interests you, then limit it by place, time, group of people, or aspect. Suppose your subject is urban transport. Limiting it by place gives transport in one city; limiting it further by kind gives shared bicycles in that city; limiting it by aspect gives how shared bicycles affect the way students travel to campus. Each step makes the topic smaller and, at the same time, more interesting, because it points toward something that can be observed and argued about.

The most useful final step is to turn the topic into a research question. A topic names an area; a question demands an answer. "Shared bicycles and student travel" is a topic. "Have shared bicycles reduced the use of campus buses at our university since 2020?" is a question. A question tells you what information you need, and it gives your paper a purpose: the paper exists to answer it.

### Testing a question

Before committing to a research question, test it against four criteria. Is it **focused**, so that it can be answered within the length of the paper? Is it **researchable**, meaning that evidence exists and you can reach it in the time available? Is it **arguable**, so that a reasonable person could answer it differently? And does it **matter** to someone, whether to other researchers, to a group of people or to a decision that has to be made? A question that fails one of these tests can usually be repaired. A question that is too broad can be limited again; a question whose answer is a simple fact, such as "When were shared bicycles introduced in Beijing?", can become part of a larger question about causes or effects.

It is normal for the question to change as you read. You may find that the evidence you hoped for does not exist, or that a more interesting problem appears. Treat your first question as a tool for starting the search, not as a promise you must keep.

## Writing a thesis

The thesis states the main claim of the paper in one or two sentences. If the research question is what the paper asks, the thesis is what it answers. Every other part of the paper exists to explain, support or qualify the thesis, so a reader who has understood the thesis should be able to predict, roughly, what the rest of the paper will say.

### What makes a thesis strong

A strong thesis is specific, arguable and supportable. Compare the following three sentences on the same topic.

> Shared bicycles are an interesting development in Chinese cities.
> Shared bicycles have changed how students travel.
> At our university, shared bicycles have replaced the campus bus for short trips but not for trips longer than three kilometres, which suggests that the bus service should be redesigned around longer routes rather than cut.

The first sentence is not a thesis at all. It states an opinion that nobody would dispute and that no evidence could test. The second is a claim, but a vague one: changed how, for whom, and how much? The third is specific about the place, the kind of trip and the size of the change, and it draws a conclusion that someone could reasonably challenge. It also tells the reader what the paper will need to show: data about trip lengths, evidence about bus use, and an argument for the recommendation.

Notice that the strong thesis is longer. A thesis does not need to be short; it needs to be precise. Many good theses contain a main claim and a reason, often joined by words such as "because", "although" or "which suggests that".

### Working thesis and final thesis

You cannot write your final thesis before doing the research, since the thesis is a conclusion drawn from evidence. But you should write a **working thesis** as early as possible: your best current guess at the answer. A working thesis guides your reading, because it tells you what evidence would support it and what evidence would threaten it. Look for both. A writer who reads only for support ends up with a one-sided paper; a writer who takes counter-evidence seriously ends up with a more careful and more convincing claim.

Revise the working thesis whenever the evidence demands it. When the paper is drafted, read the thesis again and check that the paper actually argues it. It is common for the last paragraphs of a first draft to contain a clearer statement of the argument than the introduction does. If so, move that statement to the introduction and revise from there.

### Where the thesis goes

In most academic papers in English the thesis appears near the end of the introduction, after the writer has given the background and identified the problem. Readers in many English-speaking academic cultures expect the main claim early and stated directly. This may differ from writing traditions in which the main point emerges gradually, or is left for the reader to infer. Neither tradition is better in itself, but when you write for an English-speaking academic audience, state your claim early and plainly.

## Finding and evaluating sources

Academic writing joins a conversation that began before you arrived. Sources show you what has already been said, give you evidence, and let your readers check your claims. Finding good sources and judging their value is therefore a central part of planning a paper, not a task to finish the night before the deadline.

### Where to look

Start with your university library's catalogue and databases rather than a general web search. Library databases index peer-reviewed journals, in which articles have been checked by other experts before publication. Subject encyclopedias and recent review articles are excellent starting points: they summarise a field and their reference lists lead you to the most cited work. When you find one highly relevant article, use it twice: look backward at the sources it cites, and forward at later articles that cite it, which most databases can show you.

Keep a research log from the first day. For every source, record the full reference details, where you found it, and a few sentences on what it says and how it might help. This takes minutes at the time and saves hours later, when you need to find the page that contained a particular figure.

### Judging a source

Not every source is equally trustworthy. For each one, ask a few questions. Who wrote it, and what qualifies them? Where was it published, and was it reviewed? When was it published, and is that recent enough for your topic? What evidence does it offer, and are its methods described? Why was it written: to inform, to persuade, or to sell? Table 1.1 summarises the kinds of source you will meet most often.

: Table 1.1 Common kinds of source and how to use them
| Kind of source | Strengths | Cautions |
| Peer-reviewed journal article | Checked by experts; methods and data described | May be narrow or technical; check the date |
| Academic book | Depth and context; carefully argued | Slower to appear; may be dated |
| Government or international report | Large data sets; official statistics | Written for policy; note whose interests are involved |
| Newspaper or magazine article | Recent events; accessible | Rarely gives full evidence; use for context, not proof |
| Website or blog | Current; sometimes expert | Quality varies widely; check author and purpose |
| Encyclopedia | Quick orientation | Too general to cite for a specific claim |

A source does not have to be perfect to be useful, but you must know its limits. A newspaper report can show that an event happened and that people discussed it; it usually cannot show why. When you use a weaker source, say so, and avoid building an important claim on it alone.

### Reading with a purpose

You will not have time to read every source from beginning to end, and you do not need to. For a journal article, read the abstract first, then the introduction and the conclusion. Only if the article is clearly relevant should you read the methods and results in detail. As you read, separate three things in your notes: what the source says, in your own words; exact quotations, in quotation marks, with page numbers; and your own reactions and ideas. Mixing these up is the most common cause of accidental plagiarism, which is no less serious for being accidental.

## Making an outline

An outline is a plan of the paper's argument. It shows which points you will make, in what order, and what evidence supports each. Writing an outline before drafting feels slow, but it is the fastest way to discover problems with the structure while they are still cheap to fix.

### From notes to outline

Begin by collecting the points your notes suggest, then group related points together. Each group is a candidate for a section of the paper. Next, decide on an order. The order should follow the logic of the argument, not the order in which you happened to read your sources. Common orders include moving from background to analysis, from causes to effects, from the weakest reason to the strongest, or from the general to the particular. Finally, under each point, list the evidence you will use.

A useful test of an outline is to write, for every main point, one complete sentence that states it. Phrases such as "bus routes" or "student survey" are labels, not points. "Most trips replaced by bicycles were shorter than two kilometres" is a point: it can be supported, and it clearly contributes to the thesis. An outline made of full sentences often becomes the skeleton of the topic sentences of the paper.

### A sample outline

The outline below plans a short paper on the bicycle question discussed earlier. It is written in full sentences at the top level, with evidence noted underneath.

> Thesis: shared bicycles have replaced the campus bus for short trips but not for long ones, so the bus service should be redesigned rather than cut.
> Background: the campus bus network and the arrival of shared bicycles in 2020.
> Point one: bus use on routes shorter than two kilometres fell sharply after 2020 (evidence: ticket data by route).
> Point two: bus use on longer routes changed little (evidence: ticket data; survey of 200 students).
> Point three: students give time and weather as the main reasons for choosing the bus (evidence: survey answers).
> Counter-argument: falling passenger numbers might justify cutting the service; response: the remaining demand is concentrated on long routes that bicycles do not serve.
> Conclusion: a recommendation for longer, less frequent routes, and the limits of the study.

Notice that the outline includes a counter-argument. Planning for objections at this stage makes the final paper more persuasive, because readers see that you have considered the obvious doubts.

## The shape of a research paper

Many academic papers, especially in the sciences and social sciences, follow a common structure known by its initials as IMRaD: Introduction, Methods, Results and Discussion. Humanities papers are organised more freely, around the steps of the argument, but they share the same overall shape: they begin broadly, narrow down to a specific claim, develop it, and widen again at the end. Figure 1.1 shows this shape, often compared to an hourglass.

{{fig:shape}}

### The parts and their jobs

The **introduction** moves from the general to the specific. It establishes why the area matters, summarises what is already known, identifies a gap or problem in that knowledge, and states how this paper addresses it, usually ending with the thesis or research question. The **methods** section explains how the evidence was collected, in enough detail that another researcher could repeat the work. The **results** section reports what was found, usually with tables and figures, without yet interpreting it. The **discussion** explains what the results mean, relates them to earlier research, admits the limitations of the study and suggests further work. The **conclusion**, sometimes part of the discussion, returns to the broad view: why the findings matter beyond this study.

Papers also have parts outside this shape: a title, an abstract that summarises the whole paper in one paragraph, and a list of references. Write the abstract last, when you know what the paper actually says.

### Proportions

Beginning writers often spend too many words on background and too few on analysis. As a rough guide for a student paper, the introduction might take about a tenth of the length, the conclusion a little less, and the body the rest. Within the body, give the most space to the points that carry the most weight in your argument. If your outline shows that the background section will be longer than your main point, the balance is wrong.

## Planning your time

A research paper is a long task, and long tasks fail through poor planning more often than through lack of ability. The simplest remedy is to divide the work into stages and give each a deadline of its own. Table 1.2 shows one way of dividing a six-week assignment.

: Table 1.2 A six-week plan for a research paper
| Week | Stage | Result at the end of the week |
| 1 | Understand the assignment; choose a topic | A research question, approved by the teacher |
| 2 | Search for and evaluate sources | A research log with ten to fifteen sources |
| 3 | Read and take notes; write a working thesis | Notes organised by point; a working thesis |
| 4 | Outline and draft the body | A full-sentence outline; a draft of the body |
| 5 | Draft introduction and conclusion; revise | A complete first draft, revised once |
| 6 | Edit, check citations, proofread | The final paper, submitted a day early |

Three habits make any such plan work. First, start writing early: drafting reveals gaps in your research while there is still time to fill them. Second, separate drafting from editing: while drafting, keep moving, and leave the polishing of sentences for later. Third, build in a gap of at least a day between finishing a draft and revising it. After a day away, you read what you actually wrote rather than what you meant to write, and the weaknesses become visible.

Finally, use the people around you. Explaining your argument aloud to a classmate in two minutes is an excellent test of whether you know what it is. Many universities have writing centres where trained tutors will discuss a draft with you. Asking for feedback is not a sign of weakness; it is how every experienced academic writer works.

## Exercises

1. (Identify) For each of the following, say whether it is a subject, a topic or a research question, and explain why: online learning; the effect of recorded lectures on first-year attendance; does allowing phones in class lower exam scores in introductory mathematics?
2. (Identify) Which of these sentences could serve as a thesis? For each one that could not, say what is missing: (a) Many students use food delivery apps. (b) This paper will discuss food delivery. (c) Food delivery packaging now makes up a larger share of campus waste than canteen packaging, so the university should require reusable containers for deliveries to dormitories.
3. (Identify) Look at Table 1.1. Which kinds of source would you use to show that a policy was announced, and which to show that it worked? Explain the difference.
4. (Revise) Narrow the subject "environmental protection" in three steps, as in the section on choosing a topic, and end with a research question that passes the four tests.
5. (Revise) Rewrite this vague thesis so that it is specific and arguable: "Social media has both good and bad effects on students."
6. (Revise) The following outline point is only a label: "library opening hours". Turn it into a full-sentence point and say what evidence would support it.
7. (Write) Choose a topic from your own major. Write a research question, a working thesis and a full-sentence outline with at least three main points and one counter-argument.
8. (Write) Make a six-week plan like Table 1.2 for a paper due at the end of this term, with a concrete result for each week.
`;
