import { parseKeyValueXml } from './parse-key-value-xml';

describe('parseKeyValueXml', () => {
  describe('flat responses', () => {
    it('parses a <response> block', () => {
      expect(
        parseKeyValueXml(
          '<response><thought>Greet them</thought><actions>REPLY</actions><providers></providers><text>Hello!</text></response>',
        ),
      ).toEqual({ thought: 'Greet them', actions: ['REPLY'], providers: [], text: 'Hello!' });
    });

    it('splits actions, providers and evaluators comma lists', () => {
      expect(
        parseKeyValueXml(
          '<response><actions>REPLY, FOLLOW_ROOM ,</actions><providers>FACTS,ENTITIES</providers><evaluators>REFLECTION</evaluators></response>',
        ),
      ).toEqual({ actions: ['REPLY', 'FOLLOW_ROOM'], providers: ['FACTS', 'ENTITIES'], evaluators: ['REFLECTION'] });
    });

    it('reads bracketed or quoted lists', () => {
      expect(parseKeyValueXml('<response><actions>["REPLY", "IGNORE"]</actions></response>')).toEqual({
        actions: ['REPLY', 'IGNORE'],
      });
    });

    it('turns simple into a boolean', () => {
      expect(parseKeyValueXml('<response><simple>true</simple></response>')).toEqual({ simple: true });
      expect(parseKeyValueXml('<response><simple> False </simple></response>')).toEqual({ simple: false });
    });

    it('keeps values as strings (no number coercion) and trims them', () => {
      expect(parseKeyValueXml('<response><id>  00123 </id><big>123456789012345678901</big></response>')).toEqual({
        id: '00123',
        big: '123456789012345678901',
      });
    });

    it('keeps empty and self-closing elements as empty strings', () => {
      expect(parseKeyValueXml('<response><thought></thought><text/><name /></response>')).toEqual({
        thought: '',
        text: '',
        name: '',
      });
    });

    it('ignores attributes', () => {
      expect(parseKeyValueXml('<response version="1"><text lang="en">hi</text></response>')).toEqual({ text: 'hi' });
    });
  });

  describe('surrounding text and fences', () => {
    it('tolerates prose around the XML', () => {
      expect(parseKeyValueXml('Sure! Here you go:\n<response><text>ok</text></response>\nHope that helps.')).toEqual({
        text: 'ok',
      });
    });

    it('tolerates ```xml fences', () => {
      expect(parseKeyValueXml('```xml\n<response>\n  <text>fenced</text>\n</response>\n```')).toEqual({
        text: 'fenced',
      });
    });

    it('keeps code fences that are part of the text', () => {
      const reply = 'Try this:\n```js\nconsole.log(1 < 2 && 3 > 2);\n```';
      expect(parseKeyValueXml(`<response><text>${reply}</text></response>`)).toEqual({ text: reply });
    });

    it('skips a thinking block and prose with a literal "<response>" before the real one', () => {
      const out = parseKeyValueXml(
        '<think>I should reply with a <response> block</think>\n<response><text>real</text></response>',
      );
      expect(out).toEqual({ text: 'real' });
    });

    it('reads sibling elements without a <response> wrapper', () => {
      expect(parseKeyValueXml('<thought>t</thought>\n<text>b</text>')).toEqual({ thought: 't', text: 'b' });
    });

    it('unwraps a lone wrapper element other than <response>', () => {
      expect(parseKeyValueXml('<output><name>x</name><value>y</value></output>')).toEqual({ name: 'x', value: 'y' });
    });

    it('reads a single top-level element', () => {
      expect(parseKeyValueXml('The answer: <text>hi</text>')).toEqual({ text: 'hi' });
    });

    it('ignores XML comments and declarations', () => {
      expect(
        parseKeyValueXml('<?xml version="1.0"?><!-- note --><response><!-- c --><text>x</text></response>'),
      ).toEqual({ text: 'x' });
    });

    it('accepts an upper-case RESPONSE wrapper', () => {
      expect(parseKeyValueXml('<RESPONSE><text>x</text></RESPONSE>')).toEqual({ text: 'x' });
    });
  });

  describe('text that is not XML-safe', () => {
    it('keeps <3, & and inline tags in <text>', () => {
      expect(parseKeyValueXml('<response><text>I <3 you & me, <b>always</b> <i>x</i></text></response>')).toEqual({
        text: 'I <3 you & me, <b>always</b> <i>x</i>',
      });
    });

    it('keeps inline tags in <thought> even when the value is only a tag', () => {
      expect(parseKeyValueXml('<response><thought><em>hmm</em></thought></response>')).toEqual({
        thought: '<em>hmm</em>',
      });
    });

    it('decodes entities once', () => {
      expect(
        parseKeyValueXml(
          '<response><text>a &amp; b &lt;tag&gt; &quot;q&quot; &apos;s&apos; &#39; &#x2764; &amp;lt;</text></response>',
        ),
      ).toEqual({ text: "a & b <tag> \"q\" 's' ' ❤ &lt;" });
    });

    it('leaves unknown entities and bare ampersands alone', () => {
      expect(parseKeyValueXml('<response><name>R&D &foo; AT&T</name></response>')).toEqual({ name: 'R&D &foo; AT&T' });
    });

    it('keeps comparison operators in other fields', () => {
      expect(parseKeyValueXml('<response><condition>1 < 2 and 3 > 2</condition></response>')).toEqual({
        condition: '1 < 2 and 3 > 2',
      });
    });

    it('keeps mixed text and tags in a non-text field as text', () => {
      expect(parseKeyValueXml('<response><name>Bob <i>the builder</i></name></response>')).toEqual({
        name: 'Bob <i>the builder</i>',
      });
    });

    it('unwraps CDATA literally', () => {
      expect(parseKeyValueXml('<response><text><![CDATA[<b>&amp;</b>]]></text></response>')).toEqual({
        text: '<b>&amp;</b>',
      });
      expect(parseKeyValueXml('<response><code><![CDATA[a < b]]></code></response>')).toEqual({ code: 'a < b' });
    });

    it('does not confuse <textarea> with <text>', () => {
      expect(parseKeyValueXml('<response><text>use a <textarea> here</text></response>')).toEqual({
        text: 'use a <textarea> here',
      });
    });

    it('handles a literal unbalanced <text> inside <text>', () => {
      expect(
        parseKeyValueXml('<response><text>wrap it in a <text> tag</text><actions>REPLY</actions></response>'),
      ).toEqual({
        text: 'wrap it in a <text> tag',
        actions: ['REPLY'],
      });
    });

    it('keeps multi-line text with its inner line breaks', () => {
      expect(parseKeyValueXml('<response><text>\n  line 1\n\n  line 2\n</text></response>')).toEqual({
        text: 'line 1\n\n  line 2',
      });
    });
  });

  describe('nested elements', () => {
    const reflection = `<response>
  <thought>They shared where they live</thought>
  <facts>
    <fact>
      <claim>Alice lives in Oslo & likes <3 snow</claim>
      <type>fact</type>
      <in_bio>false</in_bio>
      <already_known>false</already_known>
    </fact>
    <fact>
      <claim>Alice has a cat</claim>
      <type>fact</type>
      <in_bio>false</in_bio>
      <already_known>true</already_known>
    </fact>
  </facts>
  <relationships>
    <relationship>
      <sourceEntityId>a</sourceEntityId>
      <targetEntityId>b</targetEntityId>
      <tags>friend,dm</tags>
    </relationship>
  </relationships>
</response>`;

    it('turns <facts><fact>…</fact>…</facts> into an array of objects', () => {
      expect(parseKeyValueXml(reflection)).toEqual({
        thought: 'They shared where they live',
        facts: [
          { claim: 'Alice lives in Oslo & likes <3 snow', type: 'fact', in_bio: 'false', already_known: 'false' },
          { claim: 'Alice has a cat', type: 'fact', in_bio: 'false', already_known: 'true' },
        ],
        relationships: [{ sourceEntityId: 'a', targetEntityId: 'b', tags: 'friend,dm' }],
      });
    });

    it('makes a one-item list from a single <fact>', () => {
      expect(parseKeyValueXml('<response><facts><fact><claim>a</claim></fact></facts></response>')).toEqual({
        facts: [{ claim: 'a' }],
      });
    });

    it('handles -ies and -es plurals', () => {
      expect(
        parseKeyValueXml(
          '<response><entities><entity><name>A</name></entity></entities><matches><match>x</match></matches></response>',
        ),
      ).toEqual({ entities: [{ name: 'A' }], matches: ['x'] });
    });

    it('reads <actions><action> lists as string arrays', () => {
      expect(parseKeyValueXml('<response><actions><action>REPLY</action></actions></response>')).toEqual({
        actions: ['REPLY'],
      });
      expect(
        parseKeyValueXml('<response><actions><action>REPLY</action><action>SEND_TOKEN</action></actions></response>'),
      ).toEqual({ actions: ['REPLY', 'SEND_TOKEN'] });
    });

    it('turns nested elements with different tags into objects', () => {
      expect(
        parseKeyValueXml(
          '<response><params><SEND_TOKEN><amount>5</amount><to>bob</to></SEND_TOKEN></params></response>',
        ),
      ).toEqual({ params: { SEND_TOKEN: { amount: '5', to: 'bob' } } });
    });

    it('collects repeated top-level tags and repeated children into arrays', () => {
      expect(parseKeyValueXml('<response><item>a</item><item>b</item><item>c</item></response>')).toEqual({
        item: ['a', 'b', 'c'],
      });
      expect(parseKeyValueXml('<response><list><a>1</a><a>2</a><b>3</b></list></response>')).toEqual({
        list: { a: ['1', '2'], b: '3' },
      });
    });

    it('treats an empty wrapper as an empty string', () => {
      expect(parseKeyValueXml('<response><facts>\n</facts></response>')).toEqual({ facts: '' });
    });

    it('keeps deeply nested structure', () => {
      expect(parseKeyValueXml('<response><a><b><c><d>deep</d></c></b></a></response>')).toEqual({
        a: { b: { c: { d: 'deep' } } },
      });
    });

    it('stops recursing at a depth limit without throwing', () => {
      const depth = 200;
      const xml = `<response>${'<n><m>'.repeat(depth)}x${'</m></n>'.repeat(depth)}</response>`;
      const out = parseKeyValueXml(xml);
      expect(out).not.toBeNull();
      expect(JSON.stringify(out)).toContain('x');
    });
  });

  describe('garbage and partial output', () => {
    it.each([
      ['', null],
      ['plain text without tags', null],
      ['garbage < > << >>', null],
      ['<response></response>', null],
      ['<response>just text</response>', null],
      ['<3 <3 <3', null],
      ['<response><text>unclosed</response>', null],
      ['{"text": "json, not xml"}', null],
    ])('returns null for %p', (input, expected) => {
      expect(parseKeyValueXml(input)).toBe(expected);
    });

    it.each([undefined, null, 42, {}, ['<text>x</text>']])('returns null for non-string %p', (input) => {
      expect(parseKeyValueXml(input)).toBeNull();
    });

    it('salvages the complete fields of a truncated response', () => {
      expect(
        parseKeyValueXml('<response><thought>plan</thought><actions>REPLY</actions><text>Hello, this is cut'),
      ).toEqual({
        thought: 'plan',
        actions: ['REPLY'],
      });
    });

    it('skips dangerous keys', () => {
      const out = parseKeyValueXml(
        '<response><__proto__><polluted>yes</polluted></__proto__><text>x</text></response>',
      );
      expect(out).toEqual({ text: 'x' });
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });

    // Catastrophic backtracking would run into jest's time limit; speed itself is not asserted here.
    it('handles a large input', () => {
      const body = '<fact><claim>c</claim></fact>'.repeat(5000);
      const out = parseKeyValueXml(`<response><facts>${body}</facts><text>${'a < b '.repeat(20000)}</text></response>`);
      expect((out?.facts as unknown[]).length).toBe(5000);
    });
  });
});
