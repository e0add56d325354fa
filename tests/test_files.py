"add_file / add_dir: bad inputs are reported per file and leave nothing half-written; skips, replacements, workers."
import json, os, time, warnings
import multiprocessing as mp
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
import pymupdf, pytest
import litesearch.files as lf
from litesearch import database
from litesearch.embed import hash_embed
from litesearch.data import Profile, register_profile, read_text, _PROFILES

enc = lambda ts: hash_embed(ts, 64)

def pdf_bytes(pages):
    "A PDF whose pages hold the given lines (an empty list is a page with no text)."
    doc = pymupdf.open()
    for lines in pages:
        pg = doc.new_page()
        for i, l in enumerate(lines): pg.insert_text((72, 72 + 16 * i), l, fontsize=11)
    return doc.tobytes()

def counts(db):
    "Rows per table, and documents left without a hash (written but never completed)."
    q = lambda s: db.execute(s).fetchone()[0]
    return dict(docs=q('SELECT count(*) FROM docs'), nodes_docs=q('SELECT count(DISTINCT doc_id) FROM nodes'),
                chunk_docs=q('SELECT count(DISTINCT doc_id) FROM store'), incomplete=q('SELECT count(*) FROM docs WHERE hash IS NULL'))

@pytest.fixture
def mixed(tmp_path):
    d = tmp_path/'docs'; d.mkdir()
    (d/'good.md').write_text('# Saturn\n\nSade sati lasts seven and a half years.')
    (d/'also.txt').write_text('Jupiter returns to its natal sign every twelve years.')
    (d/'report.pdf').write_bytes(pdf_bytes([['Quarterly report', 'Revenue rose in the third quarter.']]))
    (d/'corrupt.pdf').write_bytes(b'%PDF-1.7\n1 0 obj << garbage')
    (d/'truncated.pdf').write_bytes(pdf_bytes([['first page text'], ['second page text']])[:400])
    (d/'empty.md').write_text('')
    (d/'blank.rst').write_text('   \n\n  ')
    (d/'binary.txt').write_bytes(os.urandom(4096))
    (d/'broken.xml').write_text('<doc><p>never closed</doc>')
    (d/'broken.ipynb').write_text('{"cells": [')
    (d/'broken.conllu').write_text('1\tonly\tthree\tcolumns\n')
    return d

def test_bad_files_reported_good_files_ingested(mixed, tmp_path):
    db = database(tmp_path/'t.db')
    res = db.add_dir(mixed, embedder=enc)
    by = {Path(r['source']).name: r for r in res}
    assert len(res) == 11
    errors = {k: r['error'] for k, r in by.items() if 'error' in r}
    assert sorted(errors) == ['binary.txt', 'blank.rst', 'broken.conllu', 'broken.ipynb', 'broken.xml', 'corrupt.pdf', 'empty.md', 'truncated.pdf']
    assert 'not a readable PDF' in errors['corrupt.pdf'] and 'not a readable PDF' in errors['truncated.pdf']
    assert 'empty file' in errors['empty.md'] and 'empty file' in errors['blank.rst']
    assert 'looks binary' in errors['binary.txt']
    assert 'malformed XML at line 1' in errors['broken.xml']
    assert 'invalid JSON' in errors['broken.ipynb'] and 'malformed CoNLL-U at line 1' in errors['broken.conllu']
    for k, e in errors.items(): assert k in e, f'the error should name the file: {e}'
    assert {d['title'] for d in db.toc()} == {'good', 'also', 'report'}
    assert counts(db) == dict(docs=3, nodes_docs=3, chunk_docs=3, incomplete=0)
    assert (res.stats['errors'], res.stats['parsed']) == (8, 3)
    db.close()

def test_embed_failure_costs_only_its_document(tmp_path):
    d = tmp_path/'d'; d.mkdir()
    for i in range(4): (d/f'n{i}.md').write_text(f'# Note {i}\n\nPlain words for note {i}.' + (' hemlock' if i == 2 else ''))
    def picky(ts):
        if any('hemlock' in t for t in ts): raise RuntimeError('embedder refused')
        return enc(ts)
    db = database()
    res = db.add_dir(d, embedder=picky, embed_batch=1)          # one document per batch
    assert [bool(r.get('error')) for r in res] == [False, False, True, False]
    assert 'embedder refused' in res[2]['error'] and 'chunks' not in res[2]
    assert counts(db) == dict(docs=3, nodes_docs=3, chunk_docs=3, incomplete=0)
    db2 = database()
    res2 = db2.add_dir(d, embedder=picky)                        # one batch for all: it fails, then each document is retried alone
    assert [bool(r.get('error')) for r in res2] == [False, False, True, False]
    assert counts(db2) == dict(docs=3, nodes_docs=3, chunk_docs=3, incomplete=0)

def test_interrupt_leaves_only_whole_documents(tmp_path):
    d = tmp_path/'d'; d.mkdir()
    for i in range(5): (d/f'n{i}.md').write_text(f'# Note {i}\n\nText of note {i}.')
    seen = []
    def dies(ts):
        seen.append(len(ts))
        if len(seen) == 4: raise KeyboardInterrupt     # call 1 is the probe that learns its dimension
        return enc(ts)
    db = database()
    with pytest.raises(KeyboardInterrupt): db.add_dir(d, embedder=dies, embed_batch=1)
    c = counts(db)
    assert c['incomplete'] == 0 and c['docs'] == c['nodes_docs'] == c['chunk_docs'] == 2
    res = db.add_dir(d, embedder=enc)                            # the rerun finishes the job
    assert sum(bool(r.get('skipped')) for r in res) == 2 and counts(db)['chunk_docs'] == 5

@pytest.mark.parametrize('embed_batch', [0, 1, 2000])
def test_every_embed_batch_stores_vectors(tmp_path, embed_batch):
    "embed_batch=0 writes per document through add_doc, which must get the embedder too."
    d = tmp_path/'d'; d.mkdir()
    for i in range(3): (d/f'n{i}.md').write_text(f'# Note {i}\n\nPlain words for note {i}.\n\n## More\n\nA second section of note {i}.')
    db = database()
    res = db.add_dir(d, embedder=enc, embed_batch=embed_batch)
    n = sum(r['chunks'] for r in res)
    assert n == 6 and db.ls_meta('store.dim') == 64
    assert db.execute('SELECT count(*), count(embedding) FROM store').fetchone() == (n, n)
    db.close()

def test_cli_embed_batch_zero_stores_vectors(tmp_path):
    from litesearch.cli import main
    d = tmp_path/'d'; d.mkdir()
    (d/'a.md').write_text('# A\n\nSaturn transits the twelfth house.'); (d/'b.md').write_text('# B\n\nJupiter returns.')
    assert main(['add', str(d), '--db', str(tmp_path/'t.db'), '--embed-batch', '0', '--quiet', '--json']) == 0
    db = database(tmp_path/'t.db')
    assert db.ls_meta('store.dim') and db.execute('SELECT count(*), count(embedding) FROM store').fetchone() == (2, 2)
    db.close()

def test_unchanged_skipped_unread_changed_replaced(tmp_path, monkeypatch):
    d = tmp_path/'d'; d.mkdir()
    (d/'a.md').write_text('# A\n\nfirst text'); (d/'b.md').write_text('# B\n\nother text')
    db = database(tmp_path/'t.db')
    db.add_dir(d, embedder=enc)
    reads = []
    orig = lf._parse_task
    monkeypatch.setattr(lf, '_parse_task', lambda p, *a: reads.append(Path(p).name) or orig(p, *a))
    res = db.add_dir(d, embedder=enc)
    assert reads == [] and all(r['skipped'] for r in res)
    time.sleep(0.01); (d/'a.md').write_text('# A\n\nsecond, different text')
    res = db.add_dir(d, embedder=enc)
    assert reads == ['a.md'] and res[0].get('replaced') and res[1]['skipped']
    assert 'second, different' in db.read(res[0]['doc_id'] + '#1')['text']
    assert db.execute('SELECT count(*) FROM docs').fetchone()[0] == 2
    db.close()

def test_scanned_pdf_is_reported_and_complete(tmp_path):
    d = tmp_path/'d'; d.mkdir()
    (d/'scan.pdf').write_bytes(pdf_bytes([[], [], []]))
    db = database()
    with warnings.catch_warnings(record=True) as ws:
        warnings.simplefilter('always')
        res = db.add_dir(d, embedder=enc)
    assert 'no text layer' in res[0]['warnings'][0] and any('no text layer' in str(w.message) for w in ws)
    assert res[0]['chunks'] == 0 and db.toc()[0]['pages'] == [1, 3]
    assert counts(db)['incomplete'] == 0                        # a document with no chunks is still completed
    assert db.add_dir(d, embedder=enc)[0]['skipped']

def test_parallel_equals_serial(tmp_path):
    d = tmp_path/'d'; d.mkdir()
    w = 'saturn jupiter mars venus mercury moon rahu ketu sun earth neptune pluto'.split()    # lines that differ from page to page: not furniture
    for i in range(3): (d/f'r{i}.pdf').write_bytes(pdf_bytes([[f'{w[(4 * i + p) % 12].title()} report', f'Findings about {w[(4 * i + p + 5) % 12]} and its houses.'] for p in range(4)]))
    (d/'note.md').write_text('# Note\n\nA markdown file parsed in the parent.')
    a, b = database(), database()
    ra, rb = a.add_dir(d, embedder=enc, n_workers=0), b.add_dir(d, embedder=enc, n_workers=2)
    assert ra.stats['workers'] == 0 and rb.stats['workers'] == 2
    assert [Path(r['source']).name for r in ra] == ['note.md', 'r0.pdf', 'r1.pdf', 'r2.pdf'] and not any('error' in r for r in ra)
    assert all(r['chunks'] for r in ra) and list(ra) == list(rb)     # per-file results in input order: ids, titles, kinds, nodes, chunks
    # the stored documents, nodes and chunks; rowids and added_at follow the order documents finish parsing, so they are left out
    qs = ['SELECT id, title, source, kind, pages, meta, hash FROM docs ORDER BY id',
          'SELECT id, doc_id, parent_id, level, seq, title, page_start, page_end, summary, nchunks FROM nodes ORDER BY id',
          'SELECT doc_id, node_id, page, content, metadata, embedding FROM store ORDER BY doc_id, node_id, id']
    for q in qs:
        rows = a.execute(q).fetchall()
        assert len(rows) >= 4 and rows == b.execute(q).fetchall(), q

def _spawn_pool(n, **kw): return ProcessPoolExecutor(n, mp_context=mp.get_context('spawn'), **kw)

def _shout(p): return [(0, read_text(p).upper())]

def test_worker_without_the_profile_hands_it_back(tmp_path, monkeypatch):
    d = tmp_path/'d'; d.mkdir()
    for i in range(2): (d/f'memo{i}.pdf').write_bytes(b'not really a pdf, and only this profile can read it ' + bytes(str(i), 'ascii'))
    register_profile(Profile('shouting_pdf', _shout, lambda p, head: head.startswith('not really a pdf'), kind='memo'))
    try:
        monkeypatch.setattr(lf, '_pool', _spawn_pool)           # spawned workers know only the built-in profiles
        db = database()
        with warnings.catch_warnings(record=True) as ws:
            warnings.simplefilter('always')
            res = db.add_dir(d, n_workers=2)
        assert res.stats['workers'] == 2 and not [w for w in ws if 'parse workers failed' in str(w.message)]   # the workers ran
        assert [r.get('profile') for r in res] == ['shouting_pdf'] * 2, res
        assert 'NOT REALLY A PDF' in db.read(res[0]['doc_id'] + '#0')['text']
    finally: del _PROFILES['shouting_pdf']

def test_profile_errors(tmp_path):
    (tmp_path/'a.txt').write_text('hello')
    db = database()
    with pytest.raises(KeyError, match='registered: tei, sanskrit_verse, sanskrit_prose'): db.add_file(tmp_path/'a.txt', profile='nope')
    with pytest.raises(NotADirectoryError, match='is not a directory'): db.add_dir(tmp_path/'missing')
    assert counts(db)['docs'] == 0

def test_files_list_progress_and_worker_count(tmp_path, capsys):
    d = tmp_path/'d'; d.mkdir()
    for n in 'abc': (d/f'{n}.md').write_text(f'# {n}\n\ntext {n}')
    db = database()
    res = db.add_dir(files=[d/'a.md', d/'c.md'], n_workers=2, progress=True)
    assert [Path(r['source']).name for r in res] == ['a.md', 'c.md'] and {t['title'] for t in db.toc()} == {'a', 'c'}
    assert res.stats['workers'] == 0                            # nothing parse-heavy: no pool was started
    assert '2/2' in capsys.readouterr().err                     # the bar ran to the end

def test_front_matter_title_is_the_label(tmp_path):
    "A markdown file's YAML front matter names it: `title:` is its label in toc and docs (the file name and first heading were)."
    (tmp_path/'qs.md').write_text('---\ntitle: "Quickstart"\ntags: [setup]\n---\n# Install\n\nRun pip install.\n')
    db = database(tmp_path/'a.db')
    try:
        db.add_file(tmp_path/'qs.md')
        assert db.toc()[0]['label'] == 'Quickstart'
        assert db.docs('quickstart install')[0]['label'] == 'Quickstart'
    finally: db.close()
