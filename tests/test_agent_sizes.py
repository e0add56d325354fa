"Agent-sized answers (issue 11): the tools' toc is compact by default, pages with an offset, stays under max_chars, and shows sources as stored, as db.toc does."
import json
from litesearch import database
from litesearch.agent import DbTools

def _lib(tmp_path, n=40):
    db = database(tmp_path/'lib.db')
    for i in range(n):
        db.add_doc('\n'.join(f'# Part {j}\n## Section {j}.{k}\ntext {i} {j} {k}' for j in range(6) for k in range(4)),
                   title=f'report {i:02d}', source=f'/srv/library/reports/report{i:02d}.md')
    return db

def test_compact_paged_and_bounded(tmp_path):
    db = _lib(tmp_path)
    toc = {f.__name__: f for f in db.tools()}['toc']
    full = toc()
    n = {r[0]: r[1] - 1 for r in db.execute('SELECT doc_id, count(*) FROM nodes GROUP BY doc_id')}
    assert len(full) == 40 and all(d['sections'] == [] and d['nsections'] == n[d['doc_id']] > 20 for d in full)
    assert full[0]['source'] == '/srv/library/reports/report00.md'    # as stored: the same on every surface
    seen, off, calls = [], 0, 0
    while True:
        page = DbTools(db, max_chars=1500).toc(offset=off); calls += 1
        assert len(json.dumps(page)) <= 1500 + 200                    # the budget, plus the closing 'more' entry
        docs = [d for d in page if 'doc_id' in d]; seen += [d['doc_id'] for d in docs]
        if 'more' not in page[-1]: break
        assert page[-1]['next_offset'] == off + len(docs) and 'toc(offset=' in page[-1]['note']
        off = page[-1]['next_offset']
    assert calls > 1 and seen == [d['doc_id'] for d in full]           # every document once, in order
    db.close()

def test_one_deep_document_is_nested_less(tmp_path):
    db = _lib(tmp_path, 1)
    t = DbTools(db, max_chars=800, max_nodes=None)
    deep = t.toc('report 00', depth=2)
    assert len(json.dumps(deep)) <= 800 and 'nested 0 deep to stay under 800 characters' in deep[0]['cut']
    assert DbTools(db, max_chars=None, max_nodes=None).toc('report 00', depth=2)[0]['sections'][0]['sections']
    db.close()

def test_long_answers_fit_the_budget(tmp_path):
    "Whole passages (issue 27) can be long: past max_chars the longest are cut to fit and marked; under it the answer is db.sections'."
    db = database(tmp_path/'long.db')
    db.add_doc('\n\n'.join(f'# Part {j}\n\n' + ' '.join(f'saturn transits house {j} {k}.' for k in range(300)) for j in range(4)), title='long')
    q = 'saturn transits house'
    whole = DbTools(db, max_chars=None).sections(q)
    assert whole == db.sections(q) and max(len(p['text']) for s in whole for p in s['passages']) > 1000
    for name, call in [('sections', lambda t: t.sections(q)), ('search', lambda t: t.search(q)), ('context', lambda t: t.context(q, limit=2))]:
        size = len(json.dumps(call(DbTools(db, max_chars=None)), ensure_ascii=False))
        cut = call(DbTools(db, max_chars=size // 2))
        assert len(json.dumps(cut, ensure_ascii=False)) <= size // 2, name
        ps = [p for s in (cut['sections'] if name == 'context' else cut) for p in s.get('passages', [s])]
        assert any(p.get('truncated') and p['text'].endswith('…') for p in ps), name
    db.close()
