"Markdown's HTML comments are for a file's editors, not its readers: they are not indexed, shown or embedded."
from litesearch import database

DOC = """# File system

<!-- YAML
added: v0.1.29
changes:
  - pr-url: https://github.com/nodejs/node/pull/34572
    description: zebraquokka cleanup hooks.
-->

## Reading a file

Reads the entire contents of a file into memory. <!-- TODO: link the stream docs --> Large files are better streamed.

```html
<!-- an example's comment is code, and stays -->
```
"""

def test_comments_are_not_indexed(tmp_path):
    f = tmp_path/'fs.md'; f.write_text(DOC)
    db = database(); db.add_file(f)
    assert db.doc_search('zebraquokka', limit=5) == [] and db.doc_search('pull', limit=5) == []
    hits = db.doc_search('entire contents memory', limit=1)
    assert hits and 'TODO' not in hits[0]['text'] and 'Large files are better streamed' in hits[0]['text']
    assert "an example's comment is code" in ' '.join(h['text'] for h in db.doc_search('example comment code', limit=5))
    top = db.toc(db.docs('file system')[0]['doc_id'])[0]['sections'][0]
    assert top['title'] == 'File system' and top['sections'][0]['title'] == 'Reading a file'
    assert 'YAML' not in str(db.read(top['node_id'])) and 'TODO' not in str(db.read(top['sections'][0]['node_id']))
