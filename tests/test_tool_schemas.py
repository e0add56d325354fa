"""Tool schemas that survive agent frameworks (issue 11): build an OpenAI-style function schema from each `db.tools()` callable
the way the OpenAI Agents SDK does (griffe reads the Google-style docstring, pydantic types the signature), and check that
every parameter carries its description."""
import inspect
import pytest
from litesearch import database
griffe = pytest.importorskip('griffe')       # a dev requirement: CI has it
from pydantic import create_model, Field

def function_schema(f)->dict:
    "An OpenAI function-calling schema for `f`, descriptions from its docstring only (not from source comments)."
    secs = griffe.Docstring(inspect.getdoc(f) or '', lineno=1).parse('google', warnings=False)
    desc = {p.name: p.description for s in secs if s.kind.value == 'parameters' for p in s.value}
    summary = next((s.value for s in secs if s.kind.value == 'text'), '')
    fields = {n: (p.annotation, Field(p.default if p.default is not p.empty else ..., description=desc.get(n)))
              for n, p in inspect.signature(f).parameters.items()}
    return dict(name=f.__name__, description=summary, parameters=create_model(f.__name__, **fields).model_json_schema())

def test_every_parameter_has_its_description(tmp_path):
    db = database(tmp_path/'t.db'); db.add_doc('# Saturn\nSaturn is slow.', title='saturn')
    tools = db.tools()
    assert [f.__name__ for f in tools] == ['toc', 'read', 'docs', 'sections', 'context', 'search', 'breadcrumb', 'refs']
    for f in tools:
        s = function_schema(f)
        props = s['parameters']['properties']
        assert s['description'] and '\n' not in s['description'], s
        assert props and all(p.get('description') for p in props.values()), (f.__name__, props)
    q = function_schema(tools[3])['parameters']['properties']['q']
    assert q['type'] == 'string' and q['description'] == 'what to look for, in words'
    db.close()

def test_langchain_keeps_every_description(tmp_path):
    "The framework the issue names: LangChain's StructuredTool.from_function(parse_docstring=True) dropped every description before."
    lc = pytest.importorskip('langchain_core.tools')        # a dev requirement: CI has it
    from langchain_core.utils.function_calling import convert_to_openai_tool
    db = database(tmp_path/'t.db'); db.add_doc('# Saturn\n\nSaturn is slow.\n\n## Sade Sati\n\nSeven and a half years.', title='saturn')
    for f in db.tools():
        fn = convert_to_openai_tool(lc.StructuredTool.from_function(f, parse_docstring=True))['function']
        props = fn['parameters']['properties']
        assert fn['description'] and props and all(p.get('description') for p in props.values()), (f.__name__, props)
    secs = lc.StructuredTool.from_function(db.tools()[3], parse_docstring=True).invoke({'q': 'how long is sade sati'})
    assert secs[0]['breadcrumb'] == 'saturn › Sade Sati' and secs[0]['pages'] == [1, 1]    # called through the framework, same answer
    db.close()
