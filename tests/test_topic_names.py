"A documentation site names its pages by topics: a topic's name in a question routes to its page only as far as the evidence agrees."
from litesearch import database

CJS = ('CommonJS modules are the original way to package JavaScript code for Node.js. Each file is treated as a separate '
       'CommonJS module, and require() loads CommonJS modules synchronously. ')

def _site():
    db = database()
    db.add_doc([(0, f'# Modules: CommonJS modules\n\n{CJS}\n\n## Cycles\n\nWhen there are circular require() calls, a CommonJS module might not have finished executing.\n')],
               title='modules', source='/api/modules.md', kind='md')
    db.add_doc([(0, '# ECMAScript modules\n\nImport statements load ECMAScript modules. Interoperability with CommonJS is '
                    'described here, and CommonJS modules can be imported. ' * 3 + '\n')], title='esm', source='/api/esm.md', kind='md')
    db.add_doc([(0, '# Trace events\n\nThe trace events module centralizes tracing information. Enable a trace category with '
                    '--trace-event-categories.\n\n## Categories\n\nThe node.module_timer category records the time spent '
                    'loading CommonJS modules during startup. The node.bootstrap category captures bootstrap milestones. '
                    'The v8 category records garbage collection and compiling.\n\n## Startup timing\n\nTo see where time is spent at '
                    'startup, enable a category and record a trace: loading, compiling and running each show as spans.\n\n## Output\n\nThe time '
                    'spent in each enabled category is written to a log file at startup, one file per process.\n\n## Enabling at run time\n\n'
                    'A category can also be enabled at run time, after startup, to record the time spent from then on.\n')], title='tracing', source='/api/tracing.md', kind='md')
    for k, topic in enumerate(['buffer', 'stream', 'timers', 'dns', 'url', 'zlib']):
        db.add_doc([(0, f'# {topic.title()}\n\nThe {topic} API handles {topic} work for applications. ' * 3 + '\n')],
                   title=topic, source=f'/api/{topic}.md', kind='md')
    return db

def test_topic_name_routes_only_with_evidence():
    db = _site()
    q = 'Which category should I enable to record the time spent loading CommonJS modules at startup?'
    top = db.sections(q, limit=3)
    title = dict(db.execute('SELECT id, title FROM docs').fetchall())
    assert title[top[0]['doc_id']] == 'tracing', [(title[s['doc_id']], s['title']) for s in top]
    # a question about the topic itself still goes to the topic's page
    q2 = 'What happens with cycles of require() calls between CommonJS modules?'
    assert title[db.sections(q2, limit=1)[0]['doc_id']] == 'modules'
