"Ingest work per document stays flat as the store grows (issue 13): counted in FTS index pages written, never in seconds."
import collections, random
from litesearch import database
from litesearch.fts import fts_segments

W = 'tax rate goods services supply member state article directive person place value added invoice customs'.split()

def test_fts_pages_written_per_document_stay_flat():
    # a negative incremental 'merge' put every segment on one new top level per call: the whole index became one
    # merge in progress, rewritten on every later write (pages written per document 252 -> 685 over these 240 documents)
    db = database(); rng = random.Random(0)
    n = collections.Counter()
    def prof(sql, ns):
        if sql.startswith("REPLACE INTO 'main'.'store_fts_data'"): n['pages'] += 1
    db.conn.set_profile(prof)
    per = []
    for d in range(240):
        n['pages'] = 0
        db.add_doc([(p, ' '.join(rng.choice(W) + str(rng.randrange(3000)) for _ in range(40))) for p in range(60)], f'd{d}', embedder=False)
        per.append(n['pages'])
    db.conn.set_profile(None)
    first, last = sum(per[:40]), sum(per[-40:])
    assert last <= 1.5 * first, (first, last)
    assert fts_segments(db.t.store) < 16              # and the index stays in few segments
    db.close()
