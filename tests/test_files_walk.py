"add_dir's walk skips the database's own files by exact name and path, never a user's file that merely shares a prefix."
from pathlib import Path
import litesearch.files as lf
from litesearch import database
from litesearch.embed import hash_embed

enc = lambda ts: hash_embed(ts, 64)

USER = ['assets_policy.md', 'assets_old/notes.md', 'litesearch.db-migration.md', 'litesearch.db.notes.md',
        'sub/litesearch.db', 'sub/litesearch.db-wal', 'sub/assets/figure.md']

def write(d, names):
    for n in names:
        (d/n).parent.mkdir(parents=True, exist_ok=True)
        (d/n).write_text(f'# {Path(n).stem}\n\nA note of the user kept in {n}.')

def test_walk_keeps_user_files_beside_the_database(tmp_path):
    d = tmp_path
    db = database(d/'litesearch.db')
    write(d, USER)
    write(d, ['assets/report/figure.md'])                       # where this database's PDF images go: not the user's
    assert db.assets('report') == d/'assets'/'report'
    db.add_dir(d, embedder=enc, types='md'); db.t.store.save_index()
    own = ['litesearch.db', 'litesearch.db-wal', 'litesearch.db-shm', 'litesearch.db.store.usearch', 'litesearch.db.store.usearch.json']
    assert all((d/n).exists() for n in own)                    # the database's own files really are in the walked folder
    types = 'md,db,db-wal,db-shm,db-journal,usearch,json'      # every one of them has a walked type
    assert sorted(str(p.relative_to(d)) for p in lf._walk(db, d, types)) == sorted(USER)
    res = db.add_dir(d, embedder=enc, force=True)
    assert sorted(str(Path(r['source']).relative_to(d)) for r in res) == sorted(n for n in USER if n.endswith('.md'))
    db.close()

def test_own_files_by_exact_name(tmp_path):
    db = database(tmp_path/'x.db')
    own = lf._own(db)
    for n in ('x.db', 'x.db-wal', 'x.db-shm', 'x.db-journal', 'x.db.store.usearch', 'x.db.store.usearch.json', 'x.db.law.usearch', 'assets/a/b.md'):
        assert own((tmp_path/n).resolve()), n
    for n in ('x.db2', 'x.db-wal.md', 'x.dbx-shm', 'x.db.usearch', 'x.db.store.usearch.md', 'assets.md', 'assets2/b.md', 'sub/x.db', 'sub/x.db-journal'):
        assert not own((tmp_path/n).resolve()), n
    db.close()

def test_in_memory_database_skips_no_user_folder(tmp_path):
    write(tmp_path, ['assets/a.md', 'notes.md'])
    db = database()
    res = db.add_dir(tmp_path, embedder=enc)
    assert sorted(Path(r['source']).name for r in res) == ['a.md', 'notes.md']
