"Issue 26: a file deleted while `add_dir` runs is that file's error, not the call's; a PDF outline too deep to read names its file."
import os
from pathlib import Path
import pytest
import litesearch.files as lf
from litesearch import database
from litesearch.embed import hash_embed
from litesearch.data import Profile, register_profile, read_text, _PROFILES

enc = lambda ts: hash_embed(ts, 64)

@pytest.fixture
def memo():
    register_profile(Profile('memo', lambda p: [(0, read_text(p))], lambda p, head: head.startswith('MEMO'), kind='memo'))
    yield
    del _PROFILES['memo']

def test_file_deleted_after_its_stamp(tmp_path, memo, monkeypatch):
    "Deleted between the walk's stamp and its parse, with workers to size (two PDFs, a megabyte): only that file fails."
    for n in ('keep', 'gone'): (tmp_path/f'{n}.pdf').write_text(f'MEMO {n}\n\n' + f'Quarterly memo {n}: revenue and costs. ' * 15000)
    known = lf._known
    def vanishing(db, p, *a):
        r = known(db, p, *a)
        if p.name == 'gone.pdf': p.unlink()          # as another process might, just after the stamp
        return r
    monkeypatch.setattr(lf, '_known', vanishing)
    monkeypatch.setattr(os, 'sched_getaffinity', lambda pid: {0, 1, 2, 3}, raising=False)     # workers are sized from the files' sizes
    db = database()
    res = db.add_dir(tmp_path, embedder=enc)
    assert res.stats['workers'] == 2
    errs = {Path(r['source']).name: r['error'] for r in res if 'error' in r}
    assert list(errs) == ['gone.pdf'] and 'gone.pdf' in errs['gone.pdf'], errs
    assert [d['title'] for d in db.toc()] == ['keep']

def deep_pdf(path, depth=1200):
    "A three-page PDF whose outline nests `depth` levels: deeper than Python's recursion limit lets pymupdf read."
    import pymupdf
    d = pymupdf.open()
    for i in range(3): d.new_page().insert_text((72, 72), f'page {i} of the deep outline')
    d.set_toc([[i + 1, f'Level {i + 1}', 1] for i in range(depth)])
    d.save(path)

def test_deep_outline_names_the_file(tmp_path):
    deep_pdf(tmp_path/'deep.pdf')
    db = database()
    with pytest.raises(RecursionError, match='deep.pdf'): db.add_file(tmp_path/'deep.pdf', embedder=enc)
    (tmp_path/'ok.md').write_text('# Fine\n\nSaturn transits.')
    res = db.add_dir(tmp_path, embedder=enc)
    errs = {Path(r['source']).name: r['error'] for r in res if 'error' in r}
    assert list(errs) == ['deep.pdf'] and errs['deep.pdf'].startswith('RecursionError') and 'deep.pdf' in errs['deep.pdf'], errs
    assert [d['title'] for d in db.toc()] == ['ok']
