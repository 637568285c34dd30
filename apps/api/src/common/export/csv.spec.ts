import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { csvCell, csvLine, csvTransform, UTF8_BOM } from './csv';

describe(csvCell.name, () => {
  it('quotes cells with commas, quotes and line breaks', () => {
    expect(csvLine(['张三', 'a,b', 'say "hi"', 'two\nlines', null, 3])).toBe('张三,"a,b","say ""hi""","two\nlines",,3\r\n');
  });

  it('defuses text that Excel would run as a formula, but keeps + phone numbers', () => {
    expect(csvCell('=HYPERLINK("http://evil")')).toBe(`"'=HYPERLINK(""http://evil"")"`);
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('-1+2')).toBe("'-1+2");
    expect(csvCell('+8613812345678')).toBe('+8613812345678');
  });
});

describe(csvTransform.name, () => {
  const columns = [
    { header: '姓名', key: 'name' },
    { header: '手机', key: 'phone' },
  ];

  it('starts with the UTF-8 BOM and the header, then one line per row', async () => {
    // Bytes, not text: a TextDecoder would swallow the BOM this test is about.
    const out = await buffer(Readable.from([{ name: '张三', phone: '13812345678' }]).pipe(csvTransform(columns)));
    expect([...out.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(out.toString('utf8')).toBe(`${UTF8_BOM}姓名,手机\r\n张三,13812345678\r\n`);
  });

  it('writes the label of a coded value, and an unknown code as stored', async () => {
    const coded = [...columns, { header: '状态', key: 'status', labels: { new: '新报名', contacted: '已联系' } }];
    const rows = [
      { name: '张三', phone: '13812345678', status: 'contacted' },
      { name: '李四', phone: '13812345679', status: 'archived' },
    ];
    expect((await buffer(Readable.from(rows).pipe(csvTransform(coded)))).toString('utf8')).toBe(
      `${UTF8_BOM}姓名,手机,状态\r\n张三,13812345678,已联系\r\n李四,13812345679,archived\r\n`
    );
  });

  it('writes the header alone when nothing matches', async () => {
    expect((await buffer(Readable.from([]).pipe(csvTransform(columns)))).toString('utf8')).toBe(`${UTF8_BOM}姓名,手机\r\n`);
  });
});
