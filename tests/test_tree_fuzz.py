"Fuzz: random documents of headings, fences, chapter lines, verses and noise always give a well-formed tree that loses no text."
import random, re
import pytest
from litesearch import database
from litesearch.structure import build_tree, detect_mode, _md_lines

PIECES = ['# {w}', '## {w}', '### {w}', '#### {w}', '###### {w}', '#{w}', '# ', '```', '````', '```python', '~~~', '~~~~',
          'CHAPTER {r}', 'Chapter {n} — {w}', 'Article {n}', 'ARTICLE {n}', 'TITLE {r}', 'Section {n}', 'PART {r}', 'CANTO {n}',
          '{w} {w} {w} /', '{w} {w} // X_{n}.{n} //', '{w} || {n}.{n}.{n} ||', '', '', '{w} {w} {w}.', '{w} {w}',
          '> {w}', '- {w}', '1. {w}', '| a | b |', '{u}', '\t{w}', '    # indented {w}', '#\t{w}', '<h1>{w}</h1>', '{w} #']
WORDS = ['saturn', 'transit', 'sade', 'sati', 'remedy', 'Jupiter', 'ÄÖÜ', 'धर्म', 'x_y', '42', 'NEAR', 'AND', '"', "'", '*', '(']

def rand_doc(rng):
    fill = lambda p: p.format(w=rng.choice(WORDS), n=rng.randint(1, 30), r=rng.choice('I II III IV IX XII'.split()),
                              u=''.join(chr(rng.randint(0x20, 0x2FF)) for _ in range(rng.randint(1, 12))))
    pages = []
    for pg in range(rng.randint(1, 4)):
        pages.append((pg, '\n'.join(fill(rng.choice(PIECES)) for _ in range(rng.randint(0, 25)))))
    return pages

def check(tree, pages):
    assert tree[0].seq == 0 and tree[0].parent is None and tree[0].level == 0
    for i, n in enumerate(tree):
        assert n.seq == i
        if i: assert n.parent is not None and n.parent < i and tree[n.parent].level < n.level, (i, n.parent)
        assert all(tree[c].parent == i for c in n.children)
        assert n.page_start <= n.page_end or not n.segments
    # no text is lost: as a multiset, every input line is in some node's text, or it opened a node and is its title
    from collections import Counter
    have = Counter(l.strip() for n in tree for l in n.text().split('\n') if l.strip())
    free = [n.title for n in tree[1:]]
    for _, t in pages:
        for line in t.split('\n'):
            s = line.strip()
            if not s: continue
            if have[s] > 0: have[s] -= 1; continue
            bare = re.sub(r'^#+\s*|\s*#*$', '', s)
            # a heading line becomes one node's title (a chapter line's title may go on with its caption)
            k = next((k for k, ti in enumerate(free) if bare and (ti == bare or ti.startswith(bare + ' '))), None)
            assert k is not None, f'line lost: {line!r}'
            free.pop(k)

@pytest.mark.parametrize('seed', range(300))
def test_build_tree_is_well_formed(seed):
    rng = random.Random(seed)
    pages = rand_doc(rng)
    mode = detect_mode(pages)
    assert mode in ('markdown', 'verse', 'chapter', 'window')
    for m in (None, 'markdown', 'chapter', 'verse', 'window'):
        check(build_tree(pages, title='Doc', mode=m, max_levels=rng.randint(1, 6)), pages)

def test_add_doc_random_documents_store_whole():
    db = database()
    rng = random.Random(7)
    for i in range(60):
        pages = rand_doc(rng)
        if not any(t.strip() for _, t in pages): continue
        r = db.add_doc(pages, title=f'doc {i}')
        nodes = db.execute('SELECT count(*) FROM nodes WHERE doc_id = ?', [r['doc_id']]).fetchone()[0]
        chunks = db.execute('SELECT count(*) FROM store WHERE doc_id = ?', [r['doc_id']]).fetchone()[0]
        assert (nodes, chunks) == (r['nodes'], r['chunks'])
        for c in db.toc(r['doc_id'], depth=9):
            assert c['node_id'] == f"{r['doc_id']}#0"
    # and every stored chunk belongs to a node of its document
    assert db.execute('SELECT count(*) FROM store s LEFT JOIN nodes n ON n.id = s.node_id WHERE n.id IS NULL OR n.doc_id != s.doc_id').fetchone()[0] == 0
