"""Names matched as names, never as patterns (issue 27): a link's file is compared exactly, not by SQL LIKE; a link to a document
added later (or re-added with changed text) gets its edge when that document arrives, without index_refs()."""
import pytest
from litesearch import database

ABC = '# Abc\n\nThe abc document.\n\n## Intro\n\nIntroduction of abc.'

def cited(db, title):
    "Titles of the documents the sections of `title` cite."
    docs = {x['doc_id']: x for x in db.toc()}
    d = next(x for x in docs.values() if x['title'] == title)
    return sorted({docs[r['doc_id']]['title'] for r in db.refs(d['node_id'], children=True)})

@pytest.mark.parametrize('link', ['a_c.md', '%', '%.md', '_bc.md', 'ab%', 'docs/a%c.md', '%/a_c.md'])
def test_wildcards_are_characters(fresh_db, link):
    db = fresh_db
    db.add_doc(ABC, title='abc', source='/lib/docs/abc.md')
    db.add_doc(f'# Links\n\nSee [the other]({link}) for more.', title='links', source='/lib/links.md')
    assert cited(db, 'links') == []

@pytest.mark.parametrize('link', ['abc.md', 'docs/abc.md', '/lib/docs/abc.md', '../docs/abc.md', 'abc.md#intro'])
def test_real_names_still_link(fresh_db, link):
    db = fresh_db
    db.add_doc(ABC, title='abc', source='/lib/docs/abc.md')
    db.add_doc(f'# Links\n\nSee [the other]({link}) for more.', title='links', source='/lib/links.md')
    assert cited(db, 'links') == ['abc']

def test_link_target_added_later(fresh_db):
    db = fresh_db
    db.add_doc('# Links\n\nSee [abc](abc.md) and [its intro](abc.md#intro).', title='links', source='/lib/links.md')
    assert cited(db, 'links') == []
    db.add_doc(ABC, title='abc', source='/lib/abc.md')                 # arrives after the document linking to it
    assert cited(db, 'links') == ['abc']
    d = next(x for x in db.toc() if x['title'] == 'links')
    assert {r['breadcrumb'] for r in db.refs(d['node_id'], children=True)} == {'abc', 'abc › Intro'}

def test_link_target_readded_with_changed_text(fresh_db):
    db = fresh_db
    db.add_doc(ABC, title='abc', source='/lib/abc.md')
    db.add_doc('# Links\n\nSee [abc](abc.md).', title='links', source='/lib/links.md')
    assert cited(db, 'links') == ['abc']
    db.add_doc(ABC + '\n\nA new paragraph.', title='abc', source='/lib/abc.md')   # changed text: a new document replaces it
    assert cited(db, 'links') == ['abc']

def test_link_by_title_added_later(fresh_db):
    db = fresh_db
    db.add_doc('# Links\n\nSee [Saturn](Saturn.md).', title='links', source='/lib/links.md')
    db.add_doc('# Saturn\n\nRings.', title='saturn', source='/elsewhere/planet-notes.txt')     # matched by its title
    assert cited(db, 'links') == ['saturn']

def test_link_by_dotted_title_added_later(fresh_db):
    db = fresh_db
    db.add_doc('# Links\n\nSee [notes](v1.2-notes.md).', title='links', source='/lib/links.md')
    db.add_doc('# Notes\n\nRelease notes.', title='v1.2-notes', source='/elsewhere/release.txt')
    assert cited(db, 'links') == ['v1.2-notes']
