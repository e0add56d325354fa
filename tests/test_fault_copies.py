"Copies hold text (issue 27): documents with no text (scanned PDFs with no text layer) are never copies of each other."
import pytest
from litesearch import database

def n(db, t): return db.execute(f'SELECT count(*) FROM [{t}]').fetchone()[0]

def test_empty_texts_are_not_copies(fresh_db):
    db = fresh_db
    res = [db.add_doc([(1, ''), (2, '  ')], title='scan', source=f'/x/{s}.pdf', kind='pdf') for s in 'abc']
    assert not any(r.get('duplicate') for r in res) and len({r['doc_id'] for r in res}) == 3
    assert (n(db, 'docs'), n(db, 'doc_sources') if db['doc_sources'].exists() else 0) == (3, 0)
    assert [d['source'] for d in db.toc()] == ['/x/a.pdf', '/x/b.pdf', '/x/c.pdf']
    assert db.add_doc([(1, ''), (2, '  ')], title='scan', source='/x/a.pdf', kind='pdf').get('skipped')   # same file again: unchanged
    db.add_doc([(1, 'now with words')], title='scan', source='/x/d.pdf')
    assert db.add_doc([(1, 'now with words')], title='scan', source='/x/e.pdf').get('duplicate')        # text: copies as before

@pytest.mark.filterwarnings('ignore:pdf_parse')
def test_scanned_pdfs_in_a_folder(tmp_path):
    pymupdf = pytest.importorskip('pymupdf')
    for name in ('one', 'two', 'three'):
        doc = pymupdf.open(); pg = doc.new_page(); pg.draw_rect(pymupdf.Rect(50, 50, 200, 200 + len(name)), fill=(0, 0, 0))   # an image of a page, no text layer
        doc.save(tmp_path/f'{name}.pdf'); doc.close()
    db = database(tmp_path/'s.db')
    got = db.add_dir(tmp_path, types='.pdf')
    assert len(got) == 3 and not any(r.get('duplicate') for r in got), got
    assert sorted(len(d['sources']) if d.get('sources') else 1 for d in db.toc()) == [1, 1, 1]
    assert [r.get('skipped') for r in db.add_dir(tmp_path, types='.pdf')] == [True] * 3   # a second walk reads none
    db.close()
