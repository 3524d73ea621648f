import type { ScriptSource } from './script-source';

/**
 * Joseph Weizenbaum's DOCTOR script for ELIZA, as printed in the appendix of
 * "ELIZA - A Computer Program for the Study of Natural Language Communication
 * Between Man and Machine", Communications of the ACM 9(1), January 1966.
 *
 * Reproduced entry by entry in the order of the paper, with its spelling
 * (APOLIGIZE, FANTASIED, LETS, ITS, ELSES). Lines the paper printed twice by
 * mistake appear once. Only the list notation changed: each entry is an
 * object, each pattern and reassembly a string in the original syntax, and
 * the MEMORY and NONE rules (printed between WISH and PERHAPS) have their own
 * fields. The script text is in the public domain as a historical document.
 */
export const DOCTOR_SCRIPT: ScriptSource = {
  greeting: 'HOW DO YOU DO.  PLEASE TELL ME YOUR PROBLEM',
  keywords: [
    {
      word: 'SORRY',
      rules: [
        {
          decomposition: '0',
          reassembly: [
            "PLEASE DON'T APOLIGIZE",
            'APOLOGIES ARE NOT NECESSARY',
            'WHAT FEELINGS DO YOU HAVE WHEN YOU APOLOGIZE',
            "I'VE TOLD YOU THAT APOLOGIES ARE NOT REQUIRED",
          ],
        },
      ],
    },
    { word: 'DONT', substitute: "DON'T" },
    { word: 'CANT', substitute: "CAN'T" },
    { word: 'WONT', substitute: "WON'T" },
    {
      word: 'REMEMBER',
      rank: 5,
      rules: [
        {
          decomposition: '0 YOU REMEMBER 0',
          reassembly: [
            'DO YOU OFTEN THINK OF 4',
            'DOES THINKING OF 4 BRING ANYTHING ELSE TO MIND',
            'WHAT ELSE DO YOU REMEMBER',
            'WHY DO YOU REMEMBER 4 JUST NOW',
            'WHAT IN THE PRESENT SITUATION REMINDS YOU OF 4',
            'WHAT IS THE CONNECTION BETWEEN ME AND 4',
          ],
        },
        {
          decomposition: '0 DO I REMEMBER 0',
          reassembly: [
            'DID YOU THINK I WOULD FORGET 5',
            'WHY DO YOU THINK I SHOULD RECALL 5 NOW',
            'WHAT ABOUT 5',
            '=WHAT',
            'YOU MENTIONED 5',
          ],
        },
        { decomposition: '0', reassembly: ['NEWKEY'] },
      ],
    },
    {
      word: 'IF',
      rank: 3,
      rules: [
        {
          decomposition: '0 IF 0',
          reassembly: [
            'DO YOU THINK ITS LIKELY THAT 3',
            'DO YOU WISH THAT 3',
            'WHAT DO YOU THINK ABOUT 3',
            'REALLY, 2 3',
          ],
        },
      ],
    },
    {
      word: 'DREAMT',
      rank: 4,
      rules: [
        {
          decomposition: '0 YOU DREAMT 0',
          reassembly: [
            'REALLY, 4',
            'HAVE YOU EVER FANTASIED 4 WHILE YOU WERE AWAKE',
            'HAVE YOU DREAMT 4 BEFORE',
            '=DREAM',
            'NEWKEY',
          ],
        },
      ],
    },
    { word: 'DREAMED', substitute: 'DREAMT', rank: 4, reference: 'DREAMT' },
    {
      word: 'DREAM',
      rank: 3,
      rules: [
        {
          decomposition: '0',
          reassembly: [
            'WHAT DOES THAT DREAM SUGGEST TO YOU',
            'DO YOU DREAM OFTEN',
            'WHAT PERSONS APPEAR IN YOUR DREAMS',
            "DON'T YOU BELIEVE THAT DREAM HAS SOMETHING TO DO WITH YOUR PROBLEM",
            'NEWKEY',
          ],
        },
      ],
    },
    { word: 'DREAMS', substitute: 'DREAM', rank: 3, reference: 'DREAM' },
    { word: 'HOW', reference: 'WHAT' },
    { word: 'WHEN', reference: 'WHAT' },
    { word: 'ALIKE', rank: 10, reference: 'DIT' },
    { word: 'SAME', rank: 10, reference: 'DIT' },
    { word: 'CERTAINLY', reference: 'YES' },
    { word: 'FEEL', tags: ['BELIEF'] },
    { word: 'THINK', tags: ['BELIEF'] },
    { word: 'BELIEVE', tags: ['BELIEF'] },
    { word: 'WISH', tags: ['BELIEF'] },
    {
      word: 'PERHAPS',
      rules: [
        {
          decomposition: '0',
          reassembly: [
            "YOU DON'T SEEM QUITE CERTAIN",
            'WHY THE UNCERTAIN TONE',
            "CAN'T YOU BE MORE POSITIVE",
            "YOU AREN'T SURE",
            "DON'T YOU KNOW",
          ],
        },
      ],
    },
    { word: 'MAYBE', reference: 'PERHAPS' },
    {
      word: 'NAME',
      rank: 15,
      rules: [
        {
          decomposition: '0',
          reassembly: [
            'I AM NOT INTERESTED IN NAMES',
            "I'VE TOLD YOU BEFORE, I DON'T CARE ABOUT NAMES - PLEASE CONTINUE",
          ],
        },
      ],
    },
    { word: 'DEUTSCH', reference: 'XFREMD' },
    { word: 'FRANCAIS', reference: 'XFREMD' },
    { word: 'ITALIANO', reference: 'XFREMD' },
    { word: 'ESPANOL', reference: 'XFREMD' },
    { word: 'XFREMD', rules: [{ decomposition: '0', reassembly: ['I AM SORRY, I SPEAK ONLY ENGLISH'] }] },
    { word: 'HELLO', rules: [{ decomposition: '0', reassembly: ['HOW DO YOU DO.  PLEASE STATE YOUR PROBLEM'] }] },
    {
      word: 'COMPUTER',
      rank: 50,
      rules: [
        {
          decomposition: '0',
          reassembly: [
            'DO COMPUTERS WORRY YOU',
            'WHY DO YOU MENTION COMPUTERS',
            'WHAT DO YOU THINK MACHINES HAVE TO DO WITH YOUR PROBLEM',
            "DON'T YOU THINK COMPUTERS CAN HELP PEOPLE",
            'WHAT ABOUT MACHINES WORRIES YOU',
            'WHAT DO YOU THINK ABOUT MACHINES',
          ],
        },
      ],
    },
    { word: 'MACHINE', rank: 50, reference: 'COMPUTER' },
    { word: 'MACHINES', rank: 50, reference: 'COMPUTER' },
    { word: 'COMPUTERS', rank: 50, reference: 'COMPUTER' },
    {
      word: 'AM',
      substitute: 'ARE',
      rules: [
        {
          decomposition: '0 ARE YOU 0',
          reassembly: [
            'DO YOU BELIEVE YOU ARE 4',
            'WOULD YOU WANT TO BE 4',
            'YOU WISH I WOULD TELL YOU YOU ARE 4',
            'WHAT WOULD IT MEAN IF YOU WERE 4',
            '=WHAT',
          ],
        },
        { decomposition: '0', reassembly: ["WHY DO YOU SAY 'AM'", "I DON'T UNDERSTAND THAT"] },
      ],
    },
    {
      word: 'ARE',
      rules: [
        {
          decomposition: '0 ARE I 0',
          reassembly: [
            'WHY ARE YOU INTERESTED IN WHETHER I AM 4 OR NOT',
            "WOULD YOU PREFER IF I WEREN'T 4",
            'PERHAPS I AM 4 IN YOUR FANTASIES',
            'DO YOU SOMETIMES THINK I AM 4',
            '=WHAT',
          ],
        },
        {
          decomposition: '0 ARE 0',
          reassembly: [
            'DID YOU THINK THEY MIGHT NOT BE 3',
            'WOULD YOU LIKE IT IF THEY WERE NOT 3',
            'WHAT IF THEY WERE NOT 3',
            'POSSIBLY THEY ARE 3',
          ],
        },
      ],
    },
    {
      word: 'YOUR',
      substitute: 'MY',
      rules: [
        {
          decomposition: '0 MY 0',
          reassembly: [
            'WHY ARE YOU CONCERNED OVER MY 3',
            'WHAT ABOUT YOUR OWN 3',
            'ARE YOU WORRIED ABOUT SOMEONE ELSES 3',
            'REALLY, MY 3',
          ],
        },
      ],
    },
    {
      word: 'WAS',
      rank: 2,
      rules: [
        {
          decomposition: '0 WAS YOU 0',
          reassembly: [
            'WHAT IF YOU WERE 4',
            'DO YOU THINK YOU WERE 4',
            'WERE YOU 4',
            'WHAT WOULD IT MEAN IF YOU WERE 4',
            "WHAT DOES ' 4 ' SUGGEST TO YOU",
            '=WHAT',
          ],
        },
        {
          decomposition: '0 YOU WAS 0',
          reassembly: ['WERE YOU REALLY', 'WHY DO YOU TELL ME YOU WERE 4 NOW', 'PERHAPS I ALREADY KNEW YOU WERE 4'],
        },
        {
          decomposition: '0 WAS I 0',
          reassembly: [
            'WOULD YOU LIKE TO BELIEVE I WAS 4',
            'WHAT SUGGESTS THAT I WAS 4',
            'WHAT DO YOU THINK',
            'PERHAPS I WAS 4',
            'WHAT IF I HAD BEEN 4',
          ],
        },
        { decomposition: '0', reassembly: ['NEWKEY'] },
      ],
    },
    { word: 'WERE', substitute: 'WAS', reference: 'WAS' },
    { word: 'ME', substitute: 'YOU' },
    { word: "YOU'RE", substitute: "I'M", rules: [{ decomposition: "0 I'M 0", reassembly: ['PRE (I ARE 3) (=YOU)'] }] },
    {
      word: "I'M",
      substitute: "YOU'RE",
      rules: [{ decomposition: "0 YOU'RE 0", reassembly: ['PRE (YOU ARE 3) (=I)'] }],
    },
    { word: 'MYSELF', substitute: 'YOURSELF' },
    { word: 'YOURSELF', substitute: 'MYSELF' },
    { word: 'MOTHER', tags: ['NOUN', 'FAMILY'] },
    { word: 'MOM', substitute: 'MOTHER', tags: ['FAMILY'] },
    { word: 'DAD', substitute: 'FATHER', tags: ['FAMILY'] },
    { word: 'FATHER', tags: ['NOUN', 'FAMILY'] },
    { word: 'SISTER', tags: ['FAMILY'] },
    { word: 'BROTHER', tags: ['FAMILY'] },
    { word: 'WIFE', tags: ['FAMILY'] },
    { word: 'CHILDREN', tags: ['FAMILY'] },
    {
      word: 'I',
      substitute: 'YOU',
      rules: [
        {
          decomposition: '0 YOU (* WANT NEED) 0',
          reassembly: [
            'WHAT WOULD IT MEAN TO YOU IF YOU GOT 4',
            'WHY DO YOU WANT 4',
            'SUPPOSE YOU GOT 4 SOON',
            'WHAT IF YOU NEVER GOT 4',
            'WHAT WOULD GETTING 4 MEAN TO YOU',
            'WHAT DOES WANTING 4 HAVE TO DO WITH THIS DISCUSSION',
          ],
        },
        {
          decomposition: '0 YOU ARE 0 (*SAD UNHAPPY DEPRESSED SICK ) 0',
          reassembly: [
            'I AM SORRY TO HEAR YOU ARE 5',
            'DO YOU THINK COMING HERE WILL HELP YOU NOT TO BE 5',
            "I'M SURE ITS NOT PLEASANT TO BE 5",
            'CAN YOU EXPLAIN WHAT MADE YOU 5',
          ],
        },
        {
          decomposition: '0 YOU ARE 0 (*HAPPY ELATED GLAD BETTER) 0',
          reassembly: [
            'HOW HAVE I HELPED YOU TO BE 5',
            'HAS YOUR TREATMENT MADE YOU 5',
            'WHAT MAKES YOU 5 JUST NOW',
            'CAN YOU EXPLAIN WHY YOU ARE SUDDENLY 5',
          ],
        },
        { decomposition: '0 YOU WAS 0', reassembly: ['=WAS'] },
        {
          decomposition: '0 YOU (/BELIEF) YOU 0',
          reassembly: ['DO YOU REALLY THINK SO', 'BUT YOU ARE NOT SURE YOU 5', 'DO YOU REALLY DOUBT YOU 5'],
        },
        { decomposition: '0 YOU 0 (/BELIEF) 0 I 0', reassembly: ['=YOU'] },
        {
          decomposition: '0 YOU ARE 0',
          reassembly: [
            'IS IT BECAUSE YOU ARE 4 THAT YOU CAME TO ME',
            'HOW LONG HAVE YOU BEEN 4',
            'DO YOU BELIEVE IT NORMAL TO BE 4',
            'DO YOU ENJOY BEING 4',
          ],
        },
        {
          decomposition: "0 YOU (* CAN'T CANNOT) 0",
          reassembly: [
            "HOW DO YOU KNOW YOU CAN'T 4",
            'HAVE YOU TRIED',
            'PERHAPS YOU COULD 4 NOW',
            'DO YOU REALLY WANT TO BE ABLE TO 4',
          ],
        },
        {
          decomposition: "0 YOU DON'T 0",
          reassembly: ["DON'T YOU REALLY 4", "WHY DON'T YOU 4", 'DO YOU WISH TO BE ABLE TO 4', 'DOES THAT TROUBLE YOU'],
        },
        {
          decomposition: '0 YOU FEEL 0',
          reassembly: [
            'TELL ME MORE ABOUT SUCH FEELINGS',
            'DO YOU OFTEN FEEL 4',
            'DO YOU ENJOY FEELING 4',
            'OF WHAT DOES FEELING 4 REMIND YOU',
          ],
        },
        {
          decomposition: '0 YOU 0 I 0',
          reassembly: [
            'PERHAPS IN YOUR FANTASY WE 3 EACH OTHER',
            'DO YOU WISH TO 3 ME',
            'YOU SEEM TO NEED TO 3 ME',
            'DO YOU 3 ANYONE ELSE',
          ],
        },
        {
          decomposition: '0',
          reassembly: [
            'YOU SAY 1',
            'CAN YOU ELABORATE ON THAT',
            'DO YOU SAY 1 FOR SOME SPECIAL REASON',
            "THAT'S QUITE INTERESTING",
          ],
        },
      ],
    },
    {
      word: 'YOU',
      substitute: 'I',
      rules: [
        { decomposition: '0 I REMIND YOU OF 0', reassembly: ['=DIT'] },
        {
          decomposition: '0 I ARE 0',
          reassembly: [
            'WHAT MAKES YOU THINK I AM 4',
            'DOES IT PLEASE YOU TO BELIEVE I AM 4',
            'DO YOU SOMETIMES WISH YOU WERE 4',
            'PERHAPS YOU WOULD LIKE TO BE 4',
          ],
        },
        {
          decomposition: '0 I 0 YOU',
          reassembly: [
            'WHY DO YOU THINK I 3 YOU',
            "YOU LIKE TO THINK I 3 YOU - DON'T YOU",
            'WHAT MAKES YOU THINK I 3 YOU',
            'REALLY, I 3 YOU',
            'DO YOU WISH TO BELIEVE I 3 YOU',
            'SUPPOSE I DID 3 YOU - WHAT WOULD THAT MEAN',
            'DOES SOMEONE ELSE BELIEVE I 3 YOU',
          ],
        },
        {
          decomposition: '0 I 0',
          reassembly: [
            'WE WERE DISCUSSING YOU - NOT ME',
            'OH, I 3',
            "YOU'RE NOT REALLY TALKING ABOUT ME - ARE YOU",
            'WHAT ARE YOUR FEELINGS NOW',
          ],
        },
      ],
    },
    {
      word: 'YES',
      rules: [{ decomposition: '0', reassembly: ['YOU SEEM QUITE POSITIVE', 'YOU ARE SURE', 'I SEE', 'I UNDERSTAND'] }],
    },
    {
      word: 'NO',
      rules: [
        {
          decomposition: '0',
          reassembly: [
            "ARE YOU SAYING 'NO' JUST TO BE NEGATIVE",
            'YOU ARE BEING A BIT NEGATIVE',
            'WHY NOT',
            "WHY 'NO'",
          ],
        },
      ],
    },
    {
      word: 'MY',
      substitute: 'YOUR',
      rank: 2,
      rules: [
        {
          decomposition: '0 YOUR 0 (/FAMILY) 0',
          reassembly: [
            'TELL ME MORE ABOUT YOUR FAMILY',
            'WHO ELSE IN YOUR FAMILY 5',
            'YOUR 4',
            'WHAT ELSE COMES TO MIND WHEN YOU THINK OF YOUR 4',
          ],
        },
        {
          decomposition: '0 YOUR 0',
          reassembly: [
            'YOUR 3',
            'WHY DO YOU SAY YOUR 3',
            'DOES THAT SUGGEST ANYTHING ELSE WHICH BELONGS TO YOU',
            'IS IT IMPORTANT TO YOU THAT 2 3',
          ],
        },
      ],
    },
    {
      word: 'CAN',
      rules: [
        {
          decomposition: '0 CAN I 0',
          reassembly: [
            "YOU BELIEVE I CAN 4 DON'T YOU",
            '=WHAT',
            'YOU WANT ME TO BE ABLE TO 4',
            'PERHAPS YOU WOULD LIKE TO BE ABLE TO 4 YOURSELF',
          ],
        },
        {
          decomposition: '0 CAN YOU 0',
          reassembly: [
            'WHETHER OR NOT YOU CAN 4 DEPENDS ON YOU MORE THAN ON ME',
            'DO YOU WANT TO BE ABLE TO 4',
            "PERHAPS YOU DON'T WANT TO 4",
            '=WHAT',
          ],
        },
      ],
    },
    {
      word: 'WHAT',
      rules: [
        {
          decomposition: '0',
          reassembly: [
            'WHY DO YOU ASK',
            'DOES THAT QUESTION INTEREST YOU',
            'WHAT IS IT YOU REALLY WANT TO KNOW',
            'ARE SUCH QUESTIONS MUCH ON YOUR MIND',
            'WHAT ANSWER WOULD PLEASE YOU MOST',
            'WHAT DO YOU THINK',
            'WHAT COMES TO YOUR MIND WHEN YOU ASK THAT',
            'HAVE YOU ASKED SUCH QUESTIONS BEFORE',
            'HAVE YOU ASKED ANYONE ELSE',
          ],
        },
      ],
    },
    {
      word: 'BECAUSE',
      rules: [
        {
          decomposition: '0',
          reassembly: [
            'IS THAT THE REAL REASON',
            "DON'T ANY OTHER REASONS COME TO MIND",
            'DOES THAT REASON SEEM TO EXPLAIN ANYTHING ELSE',
            'WHAT OTHER REASONS MIGHT THERE BE',
          ],
        },
      ],
    },
    {
      word: 'WHY',
      rules: [
        {
          decomposition: "0 WHY DON'T I 0",
          reassembly: [
            "DO YOU BELIEVE I DON'T 5",
            'PERHAPS I WILL 5 IN GOOD TIME',
            'SHOULD YOU 5 YOURSELF',
            'YOU WANT ME TO 5',
            '=WHAT',
          ],
        },
        {
          decomposition: "0 WHY CAN'T YOU 0",
          reassembly: [
            'DO YOU THINK YOU SHOULD BE ABLE TO 5',
            'DO YOU WANT TO BE ABLE TO 5',
            'DO YOU BELIEVE THIS WILL HELP YOU TO 5',
            "HAVE YOU ANY IDEA WHY YOU CAN'T 5",
            '=WHAT',
          ],
        },
      ],
      reference: 'WHAT',
    },
    {
      word: 'EVERYONE',
      rank: 2,
      rules: [
        {
          decomposition: '0 (* EVERYONE EVERYBODY NOBODY NOONE) 0',
          reassembly: [
            'REALLY, 2',
            'SURELY NOT 2',
            'CAN YOU THINK OF ANYONE IN PARTICULAR',
            'WHO, FOR EXAMPLE',
            'YOU ARE THINKING OF A VERY SPECIAL PERSON',
            'WHO, MAY I ASK',
            'SOMEONE SPECIAL PERHAPS',
            "YOU HAVE A PARTICULAR PERSON IN MIND, DON'T YOU",
            "WHO DO YOU THINK YOU'RE TALKING ABOUT",
          ],
        },
      ],
    },
    { word: 'EVERYBODY', rank: 2, reference: 'EVERYONE' },
    { word: 'NOBODY', rank: 2, reference: 'EVERYONE' },
    { word: 'NOONE', rank: 2, reference: 'EVERYONE' },
    {
      word: 'ALWAYS',
      rank: 1,
      rules: [
        {
          decomposition: '0',
          reassembly: [
            'CAN YOU THINK OF A SPECIFIC EXAMPLE',
            'WHEN',
            'WHAT INCIDENT ARE YOU THINKING OF',
            'REALLY, ALWAYS',
          ],
        },
      ],
    },
    {
      word: 'LIKE',
      rank: 10,
      rules: [
        { decomposition: '0 (*AM IS ARE WAS) 0 LIKE 0', reassembly: ['=DIT'] },
        { decomposition: '0', reassembly: ['NEWKEY'] },
      ],
    },
    {
      word: 'DIT',
      rules: [
        {
          decomposition: '0',
          reassembly: [
            'IN WHAT WAY',
            'WHAT RESEMBLANCE DO YOU SEE',
            'WHAT DOES THAT SIMILARITY SUGGEST TO YOU',
            'WHAT OTHER CONNECTIONS DO YOU SEE',
            'WHAT DO YOU SUPPOSE THAT RESEMBLANCE MEANS',
            'WHAT IS THE CONNECTION, DO YOU SUPPOSE',
            'COULD THERE REALLY BE SOME CONNECTION',
            'HOW',
          ],
        },
      ],
    },
  ],
  memory: {
    keyword: 'MY',
    rules: [
      { decomposition: '0 YOUR 0', reassembly: 'LETS DISCUSS FURTHER WHY YOUR 3' },
      { decomposition: '0 YOUR 0', reassembly: 'EARLIER YOU SAID YOUR 3' },
      { decomposition: '0 YOUR 0', reassembly: 'BUT YOUR 3' },
      { decomposition: '0 YOUR 0', reassembly: 'DOES THAT HAVE ANYTHING TO DO WITH THE FACT THAT YOUR 3' },
    ],
  },
  none: [
    'I AM NOT SURE I UNDERSTAND YOU FULLY',
    'PLEASE GO ON',
    'WHAT DOES THAT SUGGEST TO YOU',
    'DO YOU FEEL STRONGLY ABOUT DISCUSSING SUCH THINGS',
  ],
};
