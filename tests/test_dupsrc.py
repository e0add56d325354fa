"The same text at two paths is one document with two sources (issue 11): stored, embedded and found once; removing a source keeps the text."
import litesearch
from conftest import setall
import os, shutil, subprocess, sys, textwrap, time
import pytest
from litesearch import database, hash_embed
from litesearch.embed import Embedder

TEXT = ('# Saturn\n\nSaturn is the slowest of the classical planets, taking about twenty-nine years to go round the sun.\n\n'
        '## Rings\n\nThe rings are ice and rock, hundreds of thousands of kilometres wide and only metres thick.')
OTHER = '# Jupiter\n\nJupiter is the largest planet, with a great red spot larger than the earth.'
PATHS = ['/lib/a/saturn.md', '/lib/b/saturn.md', '/lib/c/planet.md']

def _cmd(): return [shutil.which('litesearch')] if shutil.which('litesearch') else [sys.executable, '-m', 'litesearch.cli']

PROBE = ['litesearch probe', 'second text']     # what an embedder is asked first, for its dimension

def counting(calls):
    "hash_embed, recording how many texts each call (other than the probe) embeds."
    def f(ts, **kw):
        if list(ts) != PROBE: calls.append(len(ts))
        return hash_embed(ts)
    return Embedder(f, 'hash')      # says what it makes: an unnamed callable is refused on a `hash` store

@pytest.fixture
def db():
    d = database()
    calls = []
    d.add_doc(OTHER, title='jupiter', source='/lib/jupiter.md', embedder=hash_embed)
    d.res = [d.add_doc(TEXT, title=p.rsplit('/', 1)[1][:-3], source=p, embedder=counting(calls)) for p in PATHS]
    d.calls = calls
    yield d
    d.close()

def n(db, t): return db.execute(f'SELECT count(*) FROM [{t}]').fetchone()[0]

def test_three_paths_one_document(db):
    did = db.res[0]['doc_id']
    assert [(r['doc_id'], r.get('duplicate'), r['chunks']) for r in db.res] == [(did, None, 2), (did, True, 0), (did, True, 0)]
    assert db.res[1]['duplicate_of'] == '/lib/a/saturn.md'
    assert db.calls == [2]                               # the copies were never embedded
    assert (n(db, 'docs'), n(db, 'store'), n(db, 'doc_sources')) == (2, 3, 2)     # chunk count as for one copy (2 + jupiter's 1)
    t = [d for d in db.toc() if d['doc_id'] == did][0]
    assert (t['source'], t['sources']) == ('/lib/a/saturn.md', PATHS)
    assert 'sources' not in [d for d in db.toc() if d['title'] == 'jupiter'][0]
    assert [d['sources'] for d in db.docs('saturn rings', hash_embed(['saturn rings'])[0]) if d['doc_id'] == did] == [PATHS]
    # re-adding any of the three is a no-op
    assert [db.add_doc(TEXT, title=p.rsplit('/', 1)[1][:-3], source=p)['skipped'] for p in PATHS] == [True] * 3
    assert n(db, 'docs') == 2

def test_each_passage_once(db):
    q = 'rings ice rock'
    hits = db.chunk_search(q, hash_embed([q])[0], limit=10)
    assert sum('rings are ice' in h['content'] for h in hits) == 1          # the store's raw search
    secs = db.sections(q, hash_embed([q])[0], limit=10)
    assert [s['title'] for s in secs].count('Rings') == 1
    assert sum('rings are ice' in h['text'] for h in db.doc_search(q, hash_embed([q])[0], limit=10)) == 1

def test_rm_one_path_keeps_the_text(db):
    did = db.res[0]['doc_id']
    r = db.delete_doc('/lib/b/saturn.md')
    assert r == dict(doc='/lib/b/saturn.md', removed='source', doc_id=did, title='saturn', source='/lib/b/saturn.md',
                     kept=['/lib/a/saturn.md', '/lib/c/planet.md'], chunks=0)
    assert (n(db, 'docs'), n(db, 'store')) == (2, 3)
    q = 'rings ice'
    for name in ('/lib/c/planet.md', 'planet.md', 'planet', 'saturn.md'):     # the doc= scope by the other sources' paths, file names, alias title
        assert {s['doc_id'] for s in db.sections(q, hash_embed([q])[0], doc=name)} == {did}, name
    with pytest.raises(ValueError, match="no such document"): db.sections(q, hash_embed([q])[0], doc='/lib/b/saturn.md')
    with pytest.raises(ValueError, match="near matches: planet.md"): db.sections(q, hash_embed([q])[0], doc='planett.md')   # a copy's name suggested
    assert [t['doc_id'] for t in db.toc('/lib/c/planet.md')] == [did]             # toc's doc= too
    assert db.delete_doc('/lib/b/saturn.md') == dict(doc='/lib/b/saturn.md', removed=None, chunks=0)     # twice: a no-op

def test_rm_primary_promotes_an_alias(db):
    did = db.res[0]['doc_id']
    r = db.delete_doc('/lib/a/saturn.md')
    assert (r['removed'], r['kept']) == ('source', ['/lib/b/saturn.md', '/lib/c/planet.md'])
    t = db.toc('saturn')[0]
    assert (t['doc_id'], t['source'], t['sources']) == (did, '/lib/b/saturn.md', ['/lib/b/saturn.md', '/lib/c/planet.md'])
    db.delete_doc('/lib/b/saturn.md')
    t = db.toc(did)[0]
    assert (t['title'], t['source'], t.get('sources')) == ('planet', '/lib/c/planet.md', None)
    assert db.execute('SELECT title FROM nodes WHERE id = ?', [f'{did}#0']).fetchone()[0] == 'planet'     # the root section follows the title
    r = db.delete_doc('/lib/c/planet.md')                # its last source: the document goes
    assert (r['removed'], r['chunks'], r['sources']) == ('document', 2, ['/lib/c/planet.md'])
    assert (n(db, 'docs'), n(db, 'store'), n(db, 'nodes')) == (1, 1, 2)

def test_rm_by_id_or_title_removes_all(db):
    did = db.res[0]['doc_id']
    r = db.delete_doc(did)
    assert (r['removed'], r['chunks'], r['sources']) == ('document', 2, PATHS)
    assert (n(db, 'docs'), n(db, 'store'), n(db, 'doc_sources')) == (1, 1, 0)
    assert db.delete_doc(did)['removed'] is None
    for p in PATHS: db.add_doc(TEXT, title=p.rsplit('/', 1)[1][:-3], source=p)
    assert db.delete_doc('saturn')['removed'] == 'document'       # the document's title: the document, all three sources
    assert (n(db, 'docs'), n(db, 'doc_sources')) == (1, 0)

def test_ambiguous_source_names_are_refused(db):
    with pytest.raises(ValueError, match="'saturn.md' names 2 sources"): db.delete_doc('saturn.md')
    assert n(db, 'doc_sources') == 2

def test_changed_alias_detaches(db):
    did = db.res[0]['doc_id']
    r = db.add_doc(TEXT + '\n\nA new paragraph about Titan.', title='planet', source='/lib/c/planet.md')
    assert r['doc_id'] != did and r['chunks'] == 2 and 'duplicate' not in r
    assert db.toc(did)[0]['sources'] == ['/lib/a/saturn.md', '/lib/b/saturn.md']
    assert (n(db, 'docs'), n(db, 'doc_sources')) == (3, 1)
    back = db.add_doc(TEXT, title='planet', source='/lib/c/planet.md')        # its text back as it was: an alias again, the other document gone
    assert (back['doc_id'], back['duplicate']) == (did, True)
    assert (n(db, 'docs'), n(db, 'doc_sources'), n(db, 'store')) == (2, 2, 3)

def test_changed_primary_hands_over(db):
    did = db.res[0]['doc_id']
    r = db.add_doc(TEXT.replace('twenty-nine', '29.5'), title='saturn', source='/lib/a/saturn.md')
    assert r['doc_id'] not in (did, db.res[0]['doc_id']) and r.get('replaced') and r['chunks'] == 2
    t = db.toc(did)[0]
    assert (t['source'], t['sources']) == ('/lib/b/saturn.md', ['/lib/b/saturn.md', '/lib/c/planet.md'])
    assert [d['source'] for d in db.toc(r['doc_id'])] == ['/lib/a/saturn.md']
    again = db.add_doc(TEXT.replace('twenty-nine', '29.5'), title='saturn', source='/lib/a/saturn.md')   # the derived id is found by its source
    assert (again['doc_id'], again['skipped']) == (r['doc_id'], True)

def test_same_path_other_title_is_its_own_document(db):
    "Reading a file again as another document (another title, e.g. another profile) is asked for: not an alias of itself."
    r = db.add_doc(TEXT, title='saturn (prose)', source='/lib/a/saturn.md')
    assert 'duplicate' not in r and r['chunks'] == 2 and n(db, 'docs') == 3

def test_force_rebuilds_in_place(db):
    "force re-ingests a document through its primary source, in place: same id, its copies still its sources; a copy stays a copy."
    did, calls = db.res[0]['doc_id'], []
    r = db.add_doc(TEXT, title='saturn', source='/lib/a/saturn.md', force=True, embedder=counting(calls))
    assert (r['doc_id'], r['chunks'], r.get('replaced'), calls) == (did, 2, True, [2])
    assert db.toc(did)[0]['sources'] == PATHS
    assert [d['doc_id'] for d in db.docs('Planet', emb=False) if d['why']['names_rank']] == [did]     # its copies' names kept (a word in both openings names a document only written as a name)
    assert db.add_doc(TEXT, title='planet', source='/lib/c/planet.md', force=True)['skipped']
    assert db.add_doc(TEXT, title='copy', source='/lib/d/copy.md', force=True)['duplicate']
    assert (n(db, 'docs'), n(db, 'store'), n(db, 'doc_sources')) == (2, 3, 3)

def test_force_merges_older_duplicates(tmp_path, monkeypatch):
    "A store from before sources existed holds one document a copy; a forced re-add merges them into one (the copies in one folder or not)."
    import litesearch.tree as t
    d = tmp_path/'lib'; (d/'x').mkdir(parents=True); (d/'y').mkdir()
    for f in ('a.md', 'b.md', 'x/c.md', 'y/e.md'): (d/f).write_text(TEXT)
    db = database(tmp_path/'o.db')
    with monkeypatch.context() as m:
        setall(m, '_twin', lambda *a: None)                # as an older version stored them: four documents, one text
        for f in ('a.md', 'b.md'): db.add_file(d/f, embedder=hash_embed)
        db.add_dir(d/'x', embedder=hash_embed); db.add_dir(d/'y', embedder=hash_embed)
    assert (n(db, 'docs'), n(db, 'store')) == (4, 8)
    assert [r.get('skipped') for r in db.add_dir(d, embedder=hash_embed)] == [True] * 4      # unchanged: left as they are
    res = db.add_dir(d/'x', embedder=hash_embed, force=True)
    assert [r.get('replaced') for r in res] == [True] and (n(db, 'docs'), n(db, 'store'), n(db, 'doc_sources')) == (1, 2, 3)
    assert sorted(db.toc()[0]['sources']) == sorted(str(d/f) for f in ('a.md', 'b.md', 'x/c.md', 'y/e.md'))
    res = db.add_dir(d, embedder=hash_embed, force=True)           # the whole folder forced: its copies stay copies
    assert [(r.get('replaced'), r.get('skipped')) for r in res] == [(None, True), (None, True), (True, None), (None, True)]
    assert (n(db, 'docs'), n(db, 'store'), n(db, 'doc_sources')) == (1, 2, 3)
    db.close()

def test_add_dir_with_copies_and_prune(tmp_path):
    d = tmp_path/'lib'; (d/'sub').mkdir(parents=True)
    (d/'a.md').write_text(TEXT); (d/'sub'/'a.md').write_text(TEXT); (d/'b.md').write_text(TEXT); (d/'j.md').write_text(OTHER)
    db = database(tmp_path/'l.db')
    calls = []
    res = db.add_dir(d, embedder=counting(calls))
    assert (res.stats['duplicates'], res.stats['chunks'], sum(calls)) == (2, 3, 3)     # the copies: counted, not embedded
    assert [(os.path.relpath(r['source'], d), bool(r.get('duplicate'))) for r in res] == [('a.md', False), ('b.md', True), ('j.md', False), ('sub/a.md', True)]
    assert (n(db, 'docs'), n(db, 'store'), n(db, 'doc_sources')) == (2, 3, 2)
    os.utime(d/'sub'/'a.md', ns=(time.time_ns(), time.time_ns() + 10**9))       # a touched copy: read once, its alias restamped
    assert db.add_dir(d, embedder=hash_embed).stats['skipped'] == 3
    assert db.add_dir(d, embedder=hash_embed).stats['skipped'] == 4           # then skipped unread like the rest
    (d/'sub'/'a.md').unlink()
    res = db.add_dir(d, embedder=hash_embed, prune=True)
    assert [(os.path.relpath(r['source'], d), r.get('kept')) for r in res if r.get('removed')] == [('sub/a.md', [str(d/'a.md'), str(d/'b.md')])]
    assert (n(db, 'docs'), n(db, 'store'), n(db, 'doc_sources')) == (2, 3, 1)
    (d/'a.md').unlink()                                  # the primary's file: its copy takes over
    res = db.add_dir(d, embedder=hash_embed, prune=True)
    assert (res.stats['removed'], n(db, 'docs'), n(db, 'store')) == (1, 2, 3)
    assert db.toc('b')[0]['source'] == str(d/'b.md')
    db.close()

def test_batch_copy_of_a_failed_twin(tmp_path):
    "A copy planned in the same batch as its twin: when the batch fails, each file is retried alone, the copy embedded then."
    import numpy as np
    d = tmp_path/'lib'; d.mkdir()
    (d/'a.md').write_text(TEXT); (d/'b.md').write_text(TEXT)
    db = database(tmp_path/'l.db')
    db.add_doc(OTHER, title='jupiter', embedder=hash_embed)        # the store holds vectors
    res = db.add_dir(d, embedder=Embedder(lambda ts, **kw: np.full((len(ts), 256), np.nan, dtype=np.float32), 'hash'))
    assert ['NaN or infinite' in r['error'] for r in res] == [True, True] and (n(db, 'docs'), n(db, 'doc_sources')) == (1, 0)
    res = db.add_dir(d, embedder=hash_embed)
    assert [bool(r.get('duplicate')) for r in res] == [False, True] and (n(db, 'docs'), n(db, 'doc_sources')) == (2, 1)
    db.close()

def test_twin_removed_before_the_lock(tmp_path, monkeypatch):
    "The twin seen when planning is deleted before the write: the copy is embedded after all and stored as a document."
    import litesearch.tree as t
    db, other = database(tmp_path/'t.db'), None
    db.add_doc(TEXT, title='saturn', source='/a/saturn.md', embedder=hash_embed)
    other = database(tmp_path/'t.db')
    real = litesearch.ingest.write_docs
    def racing(*a, **k):
        if other.t.docs.count: other.delete_doc('/a/saturn.md')       # another writer, between the look and the lock
        return real(*a, **k)
    setall(monkeypatch, 'write_docs', racing)
    calls = []
    r = db.add_doc(TEXT, title='saturn', source='/b/saturn.md', embedder=counting(calls))
    assert ('duplicate' in r, r['chunks'], calls) == (False, 2, [2])
    assert [(d['source'], d.get('sources')) for d in db.toc()] == [('/b/saturn.md', None)] and n(db, 'store') == 2
    db.close(); other.close()

def test_cli_add_and_rm(tmp_path):
    d = tmp_path/'lib'; (d/'sub').mkdir(parents=True)
    (d/'a.md').write_text(TEXT); (d/'sub'/'a.md').write_text(TEXT); (d/'j.md').write_text(OTHER)
    run = lambda *a: subprocess.run(_cmd() + list(a) + ['--db', str(tmp_path/'c.db')], capture_output=True, text=True, timeout=120)
    r = run('add', str(d))
    assert r.returncode == 0, r.stderr
    assert f"same     {d/'sub'/'a.md'} as {d/'a.md'}" in r.stdout and '3 documents: 2 added, 1 duplicate, 0 skipped' in r.stdout, r.stdout
    assert [l.split()[3:] for l in run('toc').stdout.splitlines()] == [['a', 'Saturn', '(2', 'sources)'], ['j', 'Jupiter']]     # title, label, sources
    assert 'documents  2 (and 1 copy: more paths of a stored text)' in run('info').stdout
    r = run('rm', str(d/'sub'/'a.md'))
    assert r.returncode == 0 and r.stdout.startswith(f"removed source {d/'sub'/'a.md'} (document a ("), r.stdout + r.stderr
    assert r.stdout.rstrip().endswith('kept: 1 other source)')
    r = run('add', str(d/'sub'/'a.md'))
    assert r.returncode == 0 and '1 duplicate,' in r.stdout
    r = subprocess.run(_cmd() + ['rm', './lib/sub/a.md', '--db', str(tmp_path/'c.db')], capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert r.stdout.startswith(f"removed source {d/'sub'/'a.md'} ("), r.stdout + r.stderr       # a relative path, as add took it
    assert '1 duplicate,' in run('add', str(d/'sub'/'a.md')).stdout
    r = run('rm', 'a.md')
    assert r.returncode == 1 and "'a.md' names 2 sources" in r.stderr
    r = run('rm', 'a')                                   # the title: the document, both sources
    assert r.returncode == 0 and r.stdout.startswith('removed a (') and r.stdout.rstrip().endswith(': 2 chunks (and its 2 sources)'), r.stdout
    assert run('rm', 'a').stdout.startswith('nothing to remove')

def test_two_processes_add_the_same_text_at_two_paths(tmp_path):
    "Both plan before either writes (each waits for the other's flag): the second to take the lock finds the first's text and aliases it."
    p = tmp_path/'r.db'
    db = database(p); db.get_tree(); db.close()
    code = textwrap.dedent('''
        import sys, time, pathlib
        import litesearch, litesearch.ingest
        from litesearch import database, hash_embed
        me, other = pathlib.Path(sys.argv[3]), pathlib.Path(sys.argv[4])
        real = litesearch.ingest.write_docs
        def late(*a, **k):
            me.touch()
            for _ in range(600):
                if other.exists(): break
                time.sleep(0.05)
            return real(*a, **k)
        litesearch.ingest.write_docs = late
        db = database(sys.argv[1])
        r = db.add_doc(sys.argv[5], title='saturn', source=sys.argv[2], embedder=hash_embed)
        print(bool(r.get('duplicate')), r['doc_id'])
        db.close()''')
    a, b = str(tmp_path/'a'/'saturn.md'), str(tmp_path/'b'/'saturn.md')
    fa, fb = str(tmp_path/'a.planned'), str(tmp_path/'b.planned')
    ps = [subprocess.Popen([sys.executable, '-c', code, str(p), src, me, other, TEXT], stdout=subprocess.PIPE, text=True)
          for src, me, other in ((a, fa, fb), (b, fb, fa))]
    outs = [q.communicate(timeout=300)[0].split() for q in ps]
    assert [q.returncode for q in ps] == [0, 0]
    assert sorted(o[0] for o in outs) == ['False', 'True'] and outs[0][1] == outs[1][1]
    db = database(p)
    assert (n(db, 'docs'), n(db, 'store'), n(db, 'doc_sources')) == (1, 2, 1)
    assert sorted(db.toc()[0]['sources']) == [a, b]
    db.close()

def test_older_store_read_only(tmp_path):
    "A store written before doc_sources existed reads as having no aliases, read-only too; its next write adds the table."
    p = tmp_path/'old.db'
    db = database(p)
    db.add_doc(TEXT, title='saturn', source='/x/saturn.md')
    db.execute('DROP TABLE doc_sources'); db.close()
    ro = database(p, readonly=True)
    assert [d.get('sources') for d in ro.toc()] == [None] and ro.delete_doc('/y/none.md')['removed'] is None
    assert {x['doc_id'] for x in ro.sections('rings', doc='saturn.md')} == {ro.toc()[0]['doc_id']}
    ro.close()
    db = database(p)
    assert db.add_doc(TEXT, title='copy', source='/y/copy.md')['duplicate'] and db.toc()[0]['sources'] == ['/x/saturn.md', '/y/copy.md']
    db.close()

def test_a_table_of_that_name_is_refused(fresh_db):
    "A user's own `doc_sources` table is never read or written as the aliases; a store may not take the name."
    fresh_db.execute('CREATE TABLE doc_sources (a)')
    with pytest.raises(ValueError, match="tree sources table name 'doc_sources'"): fresh_db.add_doc(TEXT, title='saturn')
    with pytest.raises(ValueError, match="store name 'doc_sources' is reserved"): fresh_db.get_store('doc_sources')
    assert fresh_db.execute('SELECT count(*) FROM doc_sources').fetchone()[0] == 0

def test_an_alias_names_its_document(db):
    "`docs` ranks documents by their names: a copy's file name names the document too, until the copy is removed."
    did = db.res[0]['doc_id']
    named = lambda q: [d['doc_id'] for d in db.docs(q, emb=False) if d['why']['names_rank']]
    assert named('Planet') == [did]          # of the names, only the copy /lib/c/planet.md says 'planet' (both openings do: a name written as one)
    db.delete_doc('/lib/c/planet.md')
    assert named('Planet') == []

def test_two_processes_load_copied_folders(tmp_path):
    "Two add_dir runs at once over two folders holding the same files: one document a text, the other folder's files its aliases."
    for f in ('a', 'b'):
        (tmp_path/f).mkdir()
        for i in range(20): (tmp_path/f/f'n{i:02}.md').write_text(f'# Note {i}\n\n' + ' '.join(f'word{(i * 7 + k) % 53}' for k in range(80)))
    p = tmp_path/'f.db'
    db = database(p); db.get_tree(); db.close()
    code = 'import sys\nfrom litesearch import database, hash_embed\ndb = database(sys.argv[1])\nres = db.add_dir(sys.argv[2], embedder=hash_embed, embed_batch=200)\nprint(res.stats["errors"], res.stats["duplicates"])\ndb.close()'
    ps = [subprocess.Popen([sys.executable, '-c', code, str(p), str(tmp_path/f)], stdout=subprocess.PIPE, text=True) for f in ('a', 'b')]
    outs = [q.communicate(timeout=300)[0].split() for q in ps]
    assert [q.returncode for q in ps] == [0, 0] and [o[0] for o in outs] == ['0', '0'] and sum(int(o[1]) for o in outs) == 20
    db = database(p)
    assert (n(db, 'docs'), n(db, 'doc_sources'), n(db, 'store')) == (20, 20, 20)
    assert all(len(d['sources']) == 2 for d in db.toc())
    db.close()

def test_add_dir_twin_removed_before_the_lock(tmp_path, monkeypatch):
    "add_dir planned a copy of a stored file, whose document is deleted before the batch is written: the copy is embedded and stored."
    import litesearch.files as f
    (tmp_path/'a').mkdir(); (tmp_path/'b').mkdir()
    (tmp_path/'a'/'saturn.md').write_text(TEXT); (tmp_path/'b'/'saturn.md').write_text(TEXT); (tmp_path/'b'/'j.md').write_text(OTHER)
    db = database(tmp_path/'t.db')
    db.add_dir(tmp_path/'a', embedder=hash_embed)
    other = database(tmp_path/'t.db')
    real = f.write_docs
    def racing(*a, **k):
        if other.t.docs.count == 1: other.delete_doc(str(tmp_path/'a'/'saturn.md'))
        return real(*a, **k)
    monkeypatch.setattr(f, 'write_docs', racing)
    res = db.add_dir(tmp_path/'b', embedder=hash_embed)
    assert [(r['chunks'], 'error' in r, r.get('duplicate')) for r in res] == [(1, False, None), (2, False, None)]
    assert sorted(d['source'] for d in db.toc()) == [str(tmp_path/'b'/'j.md'), str(tmp_path/'b'/'saturn.md')] and n(db, 'store') == 3
    db.close(); other.close()

def test_write_docs_takes_vectors_for_every_chunk_or_for_those_needed(fresh_db):
    "A batch loader's plans: vectors given for every chunk (copies too) or only for the chunks needing them, both land right."
    from litesearch.ingest import write_docs, _embed_plans
    T = fresh_db.get_tree()
    for k, every in enumerate((True, False)):
        pending = []
        plans = [fresh_db.add_doc(TEXT + f'\n\nbatch {k}', title=f's{k}{i}', source=f'/b{k}/{i}.md', defer=pending)['_plan'] for i in range(2)]
        chunks = pending if every else [c for p in _embed_plans(plans) for c in p.chunks]
        assert (len(pending), len(chunks)) == (4, 4 if every else 2)
        assert write_docs(T, plans, hash_embed([c['content'] for c in chunks])) == 2
    assert (n(fresh_db, 'docs'), n(fresh_db, 'store'), n(fresh_db, 'doc_sources')) == (2, 4, 2)
    import numpy as np
    for c, e in fresh_db.execute('SELECT content, embedding FROM store'):      # each chunk with its own vector, none shifted
        assert np.allclose(np.frombuffer(e, dtype=np.float16), hash_embed([c])[0], atol=1e-2)

def test_random_adds_changes_and_removals_keep_one_document_a_text(fresh_db):
    "Random adds (new, changed, copied text, some forced), source removals and document removals over a few paths: after each, one document a text."
    import random
    rnd, db = random.Random(11), fresh_db
    paths = [f'/r/{d}/{f}.md' for d in 'xy' for f in ('p', 'q', 'r')]
    texts = [f'# T{i}\n\nText number {i} about ' + ' '.join(f'w{(i * 5 + k) % 17}' for k in range(30)) for i in range(4)]
    per = {t: db.add_doc(t, title='probe', source='/probe.md')['chunks'] for t in texts}     # chunks a text makes
    db.delete_doc('/probe.md')
    model = {}                                          # path -> text it holds
    for step in range(300):
        op, p = rnd.random(), rnd.choice(paths)
        if op < 0.6:
            t = rnd.choice(texts); db.add_doc(t, title=p.rsplit('/', 1)[1][:-3], source=p, embedder=hash_embed, force=rnd.random() < 0.2); model[p] = t
        elif op < 0.85: db.delete_doc(p); model.pop(p, None)
        elif p in model:
            did = [s for s in db.toc() if p in (s.get('sources') or [s['source']])][0]['doc_id']
            gone = db.delete_doc(did)
            assert gone['removed'] == 'document' and sorted(gone['sources']) == sorted(q for q in model if model[q] == model[p]), step
            model = {q: t for q, t in model.items() if t != model[p]}
        docs = db.toc()
        held = {s: d['doc_id'] for d in docs for s in (d.get('sources') or [d['source']])}
        assert sorted(held) == sorted(model), step                                  # every live path is a source, once
        assert len(docs) == len(set(model.values())), step                          # one document a text
        for q, t in model.items():                                                  # ... holding that path's text
            assert held[q] == held[min(r for r in model if model[r] == t)], step
        assert n(db, 'store') == sum(per[t] for t in set(model.values())), step     # each text's chunks once
        assert n(db, 'doc_sources') == len(model) - len(docs), step
