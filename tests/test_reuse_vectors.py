"A new version of a document embeds only its changed chunks (the old version's vectors kept for the rest), through add_dir too."
from litesearch import database, hash_embed

def _folder(d):
    d.mkdir()
    for k in range(3): (d/f'm{k}.md').write_text('\n\n'.join(f'# Part {i}\n\nManual {k}, part {i}: the valve opens at {i} bar.' for i in range(10)))
    return d

def test_add_dir_embeds_only_the_changed_chunks(tmp_path):
    seen = []
    def counting(texts): seen.append(list(texts)); return hash_embed(texts)
    d = _folder(tmp_path/'docs')
    db = database(tmp_path/'x.db')
    db.add_dir(d, embedder=counting)
    assert sum(map(len, seen)) >= 30
    before = dict(db.execute('SELECT content, embedding FROM store').fetchall())
    f = d/'m1.md'
    f.write_text(f.read_text().replace('part 3: the valve opens at 3 bar.', 'part 3: the valve opens at 3.5 bar.'))
    seen.clear(); db.add_dir(d, embedder=counting)
    asked = [t for call in seen for t in call]
    # the changed chunk and one unchanged chunk of its document, embedded again to check (and the embedder's own probe, if any)
    assert any('3.5 bar' in t for t in asked) and sum('Manual 1' in t for t in asked) == 2, asked
    after = dict(db.execute('SELECT content, embedding FROM store').fetchall())
    assert len(after) == 30 and sum(after.get(c) == b for c, b in before.items()) == 29
    # the vectors are those a fresh store makes of the edited folder
    fresh = database(tmp_path/'y.db'); fresh.add_dir(d, embedder=hash_embed)
    assert dict(fresh.execute('SELECT content, embedding FROM store').fetchall()) == after
    db.close(); fresh.close()

def test_vectors_another_embedder_made_are_not_reused(tmp_path):
    "A stored vector that the embedder, asked again, does not make is not reused: the whole new version is embedded."
    seen = []
    def first(texts): return hash_embed([t[::-1] for t in texts])       # the same dimension, other vectors
    def second(texts): seen.append(len(texts)); return hash_embed(texts)
    db = database(tmp_path/'x.db')
    text = '\n\n'.join(f'# Part {i}\n\nThe pump {i} starts at dawn.' for i in range(8))
    db.add_doc(text, title='pumps', embedder=first)
    db.add_doc(text.replace('pump 2 starts', 'pump 2 stops'), title='pumps', embedder=second)
    assert seen[-2:] == [2, 6], seen       # the changed chunk and one checked, then the 6 others embedded after all
    db.close()
