import { decodeXmlEntities, scanXml, xmlText } from './xml-scanner';

describe('scanXml', () => {
  it('returns direct children and the loose text between them', () => {
    expect(scanXml('a <x>1</x> b <y><z>2</z></y> c')).toEqual({
      elements: [
        { tag: 'x', inner: '1' },
        { tag: 'y', inner: '<z>2</z>' },
      ],
      loose: 'a  b  c',
    });
  });

  it('matches nested same-name tags by depth', () => {
    expect(scanXml('<a><a>in</a></a><b/>').elements).toEqual([
      { tag: 'a', inner: '<a>in</a>' },
      { tag: 'b', inner: '' },
    ]);
  });

  it('treats stray "<", unclosed tags and CDATA as text', () => {
    expect(scanXml('1 < 2 <open> <![CDATA[<raw>]]>')).toEqual({ elements: [], loose: '1 < 2 <open> <raw>' });
  });

  it('accepts closing tags with whitespace and tag names with dots, colons and dashes', () => {
    expect(scanXml('<ns:a-b.c>v</ns:a-b.c >').elements).toEqual([{ tag: 'ns:a-b.c', inner: 'v' }]);
  });
});

describe('decodeXmlEntities / xmlText', () => {
  it('decodes named and numeric entities in one pass', () => {
    expect(decodeXmlEntities('&lt;&gt;&amp;&quot;&apos;&#65;&#x42;&amp;amp;')).toBe('<>&"\'AB&amp;');
  });

  it('leaves invalid code points and unknown names', () => {
    expect(decodeXmlEntities('&#x110000; &bogus;')).toBe('&#x110000; &bogus;');
  });

  it('trims and keeps CDATA literal', () => {
    expect(xmlText('  <![CDATA[&lt; stays]]> &lt; goes ')).toBe('&lt; stays < goes');
  });
});
