import { figure } from './markup.js';

/** Academic English Writing, Unit 2: the project's own text, written for the demo. */

/** A body paragraph's parts as a stack of bands, each with its job and a sample sentence; a brace for unity. */
function paragraphParts(parts: { name: string; job: string; sample: string; color: string }[]): string {
  const [left, width, band, gap] = [20, 470, 52, 8];
  const out: string[] = [];
  parts.forEach((p, n) => {
    const y = 10 + n * (band + gap);
    out.push(
      `<rect x="${left}" y="${y}" width="${width}" height="${band}" rx="4" fill="${p.color}" fill-opacity="0.1" stroke="${p.color}" stroke-width="1.2"/>`,
      `<rect x="${left}" y="${y}" width="6" height="${band}" fill="${p.color}"/>`,
      `<text x="${left + 16}" y="${y + 20}" font-size="13" font-weight="bold" fill="${p.color}">${p.name}</text>`,
      `<text x="${left + 150}" y="${y + 20}" font-size="12" fill="currentColor">${p.job}</text>`,
      `<text x="${left + 16}" y="${y + 40}" font-size="12" font-style="italic" fill="#666">${p.sample}</text>`,
    );
  });
  const bottom = 10 + parts.length * (band + gap) - gap;
  const x = left + width + 14;
  out.push(
    `<path d="M${x} 10 Q${x + 10} 10 ${x + 10} 24 V${bottom / 2 - 6} L${x + 18} ${bottom / 2} L${x + 10} ${bottom / 2 + 6} V${bottom - 14} Q${x + 10} ${bottom} ${x} ${bottom}" fill="none" stroke="currentColor" stroke-width="1.3"/>`,
    `<text x="${x + 24}" y="${bottom / 2 - 4}" font-size="12" fill="currentColor">one</text>`,
    `<text x="${x + 24}" y="${bottom / 2 + 12}" font-size="12" fill="currentColor">idea</text>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${x + 60}" height="${bottom + 10}" viewBox="0 0 ${x + 60} ${bottom + 10}" role="img">${out.join('')}</svg>`;
}

const paragraph = figure(
  paragraphParts([
    {
      name: 'Topic sentence',
      job: 'the claim: topic + controlling idea',
      sample: 'For short trips, shared bicycles now save students time.',
      color: '#1677ff',
    },
    {
      name: 'Explanation',
      job: 'what the claim means; terms and scope',
      sample: 'A trip here means a journey between two points on campus.',
      color: '#13a8a8',
    },
    {
      name: 'Evidence',
      job: 'data, examples, sources (cited)',
      sample: 'In a survey of 200 students, bicycle trips took 9 minutes, bus trips 16.',
      color: '#389e0d',
    },
    {
      name: 'Analysis',
      job: 'how the evidence supports the claim',
      sample: 'For short trips the bus loses before it even departs.',
      color: '#d46b08',
    },
    {
      name: 'Concluding sentence',
      job: 'the point, and a link to the thesis',
      sample: 'Frequency on short routes matters less than it once did.',
      color: '#722ed1',
    },
  ]),
  'The parts of a body paragraph: a topic sentence, support in three kinds, and a concluding sentence, all serving one idea.',
  'Figure 2.1',
);

export const unit2Figures = { paragraph };

export const unit2 = String.raw`
## Topic sentences

Each paragraph develops one idea, announced by its topic sentence. In academic English the topic sentence usually comes first, so that a reader who reads only the first sentence of every paragraph gets a fair summary of the whole paper. Experienced readers do exactly this when they skim, and a paper that serves them well is a paper that is easy to understand.

### Topic and controlling idea

A good topic sentence has two parts: a topic, which says what the paragraph is about, and a controlling idea, which says what the paragraph will claim about it. In the sentence "Shared bicycles have made short trips across campus faster", the topic is shared bicycles and the controlling idea is that they have made short trips faster. The controlling idea limits the paragraph. Everything that follows must help to show that short trips have become faster; a sentence about the colour of the bicycles, or about their cost to the city, belongs somewhere else.

Compare these three possible topic sentences for the same paragraph.

> Shared bicycles are common on our campus.
> This paragraph is about shared bicycles and the campus bus.
> For trips under two kilometres, shared bicycles now save students more time than the campus bus does.

The first is a fact with no controlling idea; the reader cannot tell where the paragraph is going. The second announces a topic but makes no claim, and sentences that describe the paper itself ("This paragraph is about…") are best avoided in most academic writing. The third has a clear topic and a controlling idea that can be supported with evidence about travel times.

### Not too broad, not too narrow

A topic sentence must fit the paragraph it introduces. If it is too broad, such as "Transport has changed a great deal in recent years", no single paragraph can support it. If it is too narrow, such as "The campus bus leaves the north gate at 7:40", there is nothing left to say: it is a detail, not a point. A helpful test is to ask whether the sentence needs evidence. A good topic sentence is a claim that a reader might question, and the rest of the paragraph answers the question.

### Topic sentences and the thesis

Topic sentences are also the links between each paragraph and the thesis of the whole paper. If the thesis is the main claim, the topic sentences are the smaller claims that together prove it. A useful way to check the structure of a draft is to copy the thesis and all the topic sentences into a separate document, in order, and read them as if they were a short paper of their own. If the list reads as a clear, step-by-step argument, the structure is sound. If some topic sentences do not connect to the thesis, or the order seems random, the draft needs reorganising before any sentence is polished. Many writers find that the topic sentences of their first draft are hidden in the middle or at the end of paragraphs, where they surfaced as the writer thought the point through. Moving them to the front is one of the simplest and most effective revisions there is.

## Supporting sentences

The sentences after the topic sentence support it. Support in academic writing usually takes three forms: explanation, evidence and analysis. Figure 2.1 shows how these fit together with the topic sentence and the concluding sentence in a typical body paragraph.

{{fig:paragraph}}

### Explanation, evidence, analysis

**Explanation** clarifies the claim: it defines a term, narrows the scope, or describes how something works. **Evidence** gives the reader a reason to believe the claim: data, examples, facts, or the findings and words of other writers, always with a citation. **Analysis** is the writer's own contribution. It shows how the evidence supports the claim, what it means, and why it matters. Students often supply plenty of evidence and too little analysis, as if the facts spoke for themselves. They rarely do. The same figure can support opposite claims, and it is the analysis that tells the reader which way to read it.

The model paragraph below, from the bicycle paper planned in Unit 1, shows all three kinds of support. The data are invented for this example.

> For trips under two kilometres, shared bicycles now save students more time than the campus bus does. A trip here means a journey between two points on campus, counted from the moment a student leaves a building. In a survey of 200 students, the average reported time for such trips was 9 minutes by bicycle and 16 minutes by bus, most of the difference being time spent walking to a stop and waiting. This gap explains why ticket sales on the two shortest bus routes fell by more than half after bicycles arrived: for short trips the bus loses before it even departs. For the design of the bus service, the lesson is that frequency on short routes matters less than it once did.

The first sentence is the topic sentence. The second explains what counts as a trip. The third gives evidence, and the fourth and fifth analyse it, connecting the survey to the fall in ticket sales and then to the larger argument about the bus service.

### How much support

There is no fixed number of sentences in a paragraph, but a body paragraph in a student paper often has between five and ten. If a paragraph has only two or three sentences, its claim is probably not developed enough; if it runs to a whole page, it probably contains more than one idea and should be divided. Let the idea decide the length: one idea, fully developed, makes one paragraph.

## Unity and coherence

A paragraph has **unity** when every sentence supports the controlling idea. It has **coherence** when the sentences are connected so that the reader can follow the line of thought without effort. Unity is about what goes into a paragraph; coherence is about how the parts are joined.

### Keeping unity

The surest way to check unity is to read the topic sentence, then read each of the other sentences and ask: does this help to show the claim? Sentences that fail the test often contain interesting material, which makes them hard to delete. Move them to another paragraph where they belong, or save them for another paper. A sentence that drifts away from the point, however true, weakens the paragraph, because it makes the reader wonder what the point was.

### Building coherence

Coherence comes from several sources. The first is a logical order: chronological order for processes and histories, order of importance for arguments, general to particular for explanations. The second is repetition of key terms. Writers are sometimes taught to avoid repeating words, but in academic writing a key term should keep the same name throughout: if you call something "shared bicycles" in one sentence, do not call it "rental cycles" in the next, or the reader may think you mean something else. Pronouns such as "this" and "these" also link sentences, provided they are followed by a noun that makes the reference clear: "this gap" is clearer than "this" alone.

### Old information before new

A third source of coherence is less visible but just as powerful: the order of information within each sentence. Readers find a passage easy to follow when each sentence begins with something they already know, from the previous sentence, and ends with something new. The new information at the end of one sentence then becomes the familiar starting point of the next. Compare "Bus use fell on short routes. A survey of 200 students explains this fall." with "Bus use fell on short routes. Two hundred students were surveyed, and the fall is explained by their answers." In the first version, the second sentence picks up "fall" from the first and moves forward; in the second version, the reader meets an unexplained survey before learning why it matters. When a paragraph feels choppy although every sentence is correct, check whether its sentences begin with old information.

The last source of coherence is transition words and phrases, which signal how one idea relates to the next. Table 2.1 groups some of the most useful ones by what they signal.

: Table 2.1 Transition words and phrases by function
| Function | Examples | Sample use |
| Adding | moreover, in addition, also, furthermore | In addition, bicycles are available at night. |
| Contrasting | however, in contrast, on the other hand, whereas | However, the bus remains faster for long trips. |
| Cause and effect | therefore, as a result, consequently, thus | As a result, ticket sales fell. |
| Giving examples | for example, for instance, such as | For example, route 2 lost 60 percent of its passengers. |
| Sequence | first, next, then, finally | First, students walk to the nearest bicycle. |
| Conceding | admittedly, although, even though | Admittedly, the survey was small. |
| Summarising | in short, overall, in conclusion | Overall, the data support the first claim. |

Use transitions when they add information about the relationship between ideas, not as decoration. A paragraph in which every sentence begins with "Moreover" or "Furthermore" reads mechanically. Choose the exact word: "however" signals a contrast, and using it where no contrast exists confuses the reader more than using no transition at all.

## Patterns of development

Paragraphs can develop their controlling ideas in different ways, depending on what the claim requires. Recognising the common patterns helps you read efficiently and gives you a range of choices when you write.

### Definition

A definition paragraph explains what a term means, often because the term is used in different ways by different writers. It usually places the term in a general class and then states what distinguishes it from other members of that class: "A research question is a question (the class) that a paper sets out to answer with evidence (the distinguishing feature)." It may add examples, and examples of what the term does not include.

### Illustration

An illustration paragraph supports a general claim with one or more examples. It is the most common pattern of all, and the easiest to do badly. A good example is typical, so that it represents the general case rather than an exception; it is specific, with names, numbers or details; and it is followed by analysis that shows what it illustrates. One well-chosen example, carefully explained, usually persuades more than a list of five examples mentioned in passing.

### Comparison and contrast

A comparison paragraph examines similarities and differences between two things. It can treat them one at a time, first everything about A and then everything about B, or point by point, alternating between them on each feature. Point by point is usually clearer in a single paragraph, because the reader does not have to remember the details of A while reading about B. Whichever you choose, the comparison needs a purpose: the topic sentence should say what the comparison shows, not just that two things are different.

### Cause and effect

A cause and effect paragraph explains why something happened or what followed from it. The main danger is assuming that because one thing followed another, the first caused the second. Bus use fell after bicycles arrived; but other things also happened at that time, perhaps a change in timetables or in fares. A careful writer acknowledges other possible causes and explains why the evidence points to one of them.

### Problem and solution

A problem and solution paragraph describes a problem, proposes a response and explains why the response would work. It is common in the discussion section of a paper and in policy writing. Its strength depends on showing that the problem is real and that the solution fits it, and it is more convincing when it acknowledges the costs or limits of the proposed solution.

## Introductions and conclusions

Introductory and concluding paragraphs have special jobs, and they follow their own patterns. They are often the hardest paragraphs to write, and many writers draft them last, after the body has shown what the paper actually argues.

### The introduction

As Unit 1 explained, the introduction moves from the general to the specific. A typical introduction to a short paper does four things in turn. It opens by establishing the area and why it matters. It then summarises briefly what is known. Next it identifies a problem, gap or question. Finally it states the thesis and, in a longer paper, outlines how the paper is organised. Avoid openings that are so general that they could begin any paper, such as "Since ancient times, people have needed to travel." Begin instead with something specific to your topic: a fact, a recent change, or a problem that the reader will recognise.

The model introduction below follows these four moves. As before, the details are invented for the example.

> Since 2020, shared bicycles have become the most visible form of transport on many Chinese university campuses. Studies of cities have found that such schemes mostly replace walking and short bus trips rather than car journeys. Less is known, however, about their effect on campus bus services, which universities must plan and pay for. This paper examines ticket data and a student survey at one university and argues that shared bicycles have replaced the bus for short trips but not for long ones, so that the bus service should be redesigned around longer routes rather than cut.

The first sentence establishes the area; the second summarises what is known; the third, signalled by "however", identifies the gap; the last states the method and the thesis. Each sentence is specific to the topic, and none could be moved to the introduction of a different paper.

### The conclusion

The conclusion moves in the opposite direction, from the specific back to the general. It restates the thesis in new words, summarises the main points briefly, and then widens the view: what do the findings mean for practice, for policy or for further research? It is also the right place to acknowledge the limits of the study honestly. A conclusion should not introduce new evidence. If you find yourself presenting a new argument in the final paragraph, it probably belongs in the body.

### Revising paragraphs

When you revise a draft, work on paragraphs before sentences. Read only the topic sentences, in order, and check that they make a sensible summary of the argument. Then take each paragraph in turn and check its unity, its support and its coherence. Only when the paragraphs are sound is it worth polishing individual sentences and words. Revising in this order saves you from perfecting sentences that you later delete.

## Exercises

1. (Identify) In each sentence, underline the topic and circle the controlling idea: (a) Online dictionaries have changed how students learn vocabulary. (b) The main weakness of the survey is its small sample.
2. (Identify) Read the model paragraph in the section on supporting sentences and label each sentence as topic sentence, explanation, evidence or analysis.
3. (Identify) Find the sentence that breaks the unity of this paragraph and explain why: "Group projects teach students to divide work fairly. Each member must agree on a share of the tasks. Many students prefer working alone. Negotiating deadlines with others is also a skill that employers value."
4. (Revise) Rewrite these topic sentences so that each is neither too broad nor too narrow: (a) Technology affects education. (b) The library has 1,200 seats.
5. (Revise) Improve the coherence of this passage by adding suitable transitions from Table 2.1 and replacing unclear pronouns: "Bus use fell. Bicycles are cheap. It is faster for short trips. Long routes did not change. This is important."
6. (Revise) The following introduction opens too generally. Rewrite its first two sentences: "Since the beginning of history, humans have communicated. Communication is very important in the modern world. This paper examines how students use messaging apps to work on group projects."
7. (Write) Write a body paragraph of six to eight sentences on a topic from your own major, containing a clear topic sentence, explanation, evidence with a citation, and analysis.
8. (Write) Write a comparison paragraph, organised point by point, comparing two ways of taking notes from sources. End with a sentence that says what the comparison shows.
`;
