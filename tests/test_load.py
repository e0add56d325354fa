"Load: a reader querying while a writer loads a folder never sees a half-written document, and never fails."
import subprocess, sys, textwrap, time
from litesearch import database, hash_embed

def test_reader_sees_only_whole_documents_during_a_load(tmp_path):
    docs = tmp_path/'docs'; docs.mkdir()
    for i in range(120):
        body = '\n\n'.join(f'## Part {j}\n\n' + ' '.join(f'word{(i * 7 + j * 3 + k) % 97} polonium' for k in range(60)) for j in range(4))
        (docs/f'd{i:03}.md').write_text(f'# Document {i}\n\n{body}\n')
    db_path = tmp_path/'load.db'
    db = database(db_path); db.get_tree(); db.close()
    writer = textwrap.dedent('''
        import sys
        from litesearch import database, hash_embed
        db = database(sys.argv[1])
        res = db.add_dir(sys.argv[2], embedder=lambda ts: hash_embed(ts, 64), embed_batch=40)   # many small batches
        assert not any('error' in r for r in res), [r for r in res if 'error' in r][:3]
        db.close()''')
    w = subprocess.Popen([sys.executable, '-c', writer, str(db_path), str(docs)])
    rd = database(db_path)
    q, e = 'polonium word5', hash_embed(['polonium word5'], 64)[0]
    checks, seen = 0, set()
    while True:
        done = w.poll() is not None
        with rd.conn:   # one read transaction: a consistent snapshot
            n_docs = rd.execute('SELECT count(*) FROM docs').fetchone()[0]
            # every document visible has its nodes and its chunks, and every chunk its document
            partial = rd.execute('''SELECT count(*) FROM docs d WHERE d.hash IS NULL
                                    OR NOT EXISTS (SELECT 1 FROM nodes n WHERE n.doc_id = d.id)
                                    OR NOT EXISTS (SELECT 1 FROM store s WHERE s.doc_id = d.id)''').fetchone()[0]
            orphans = rd.execute('SELECT count(*) FROM store s WHERE NOT EXISTS (SELECT 1 FROM docs d WHERE d.id = s.doc_id)').fetchone()[0]
        assert (partial, orphans) == (0, 0), (n_docs, partial, orphans)
        if n_docs:
            secs = rd.sections(q, e if rd.ls_meta('store.dim') else None, limit=3)
            assert secs and all(s['breadcrumb'] and s['node_id'] for s in secs)
        seen.add(n_docs); checks += 1
        if done: break
        time.sleep(0.01)
    assert w.returncode == 0
    assert rd.execute('SELECT count(*) FROM docs').fetchone()[0] == 120
    assert len(seen) > 2, f'the reader should have watched the load grow, saw only {sorted(seen)}'
    rd.close()
