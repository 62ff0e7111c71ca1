# sbx prelude for Python, part 2 of 4 (after sbx_prelude.py and the text
# of parts 3 and 4, _SBX_LAZY): what every run needs of rich results, the
# stand-ins of the lazily compiled functions, then the set-up is applied
# and the code runs, unless a session's kernel (sbx_kernel.py, appended
# after this) runs it instead.


def _sbx_lazy(fname, _compile=compile, _exec=exec):
    # Compiles parts 3 and 4 (rich results, hints) into the prelude's
    # globals on first use, replacing the stand-ins below; returns the
    # function fname as it is then. A run that prints and ends pays nothing
    # for them.
    g = globals()
    src = g.pop('_SBX_LAZY', None)
    if src is not None:
        _exec(_compile(src, '<string>', 'exec'), g)  # the builtins as at start
    return g[fname]


def _sbx_plain():
    # Nothing for the rich forms to look at: no form waiting, no figure.
    return not _SBX_RICH['items'] and 'matplotlib._pylab_helpers' not in sys.modules


def _sbx_rich_end(value=None, over=None):
    if value is None and _sbx_plain():
        _SBX_RICH['done'] = True  # as the full one: nothing to send
        return ''
    return _sbx_lazy('_sbx_rich_end')(value, over)


def _sbx_result_report(value):
    # The full one's answer for no value, and for an int or a bool (no
    # rich form, its JSON its repr), without compiling it.
    if _sbx_plain() and (value is None or (
            type(value) in (int, bool) and -(1 << 63) <= value < (1 << 63)
            and _SBX_RICH['budget'] >= 20)):
        _SBX_RICH['done'] = True
        if value is None:
            return None
        return '{"result":' + ('true' if value is True else 'false' if value is False
                               else int.__repr__(value)) + '}'
    return _sbx_lazy('_sbx_result_report')(value)


def _sbx_to_json(v, budget=None):
    return _sbx_lazy('_sbx_to_json')(v, budget)


def _sbx_hook_show(plt):
    return _sbx_lazy('_sbx_hook_show')(plt)


def _sbx_hint(e):
    # Only these two have hints: an out-of-memory report compiles nothing.
    if not isinstance(e, (ModuleNotFoundError, OSError)):
        return None
    return _sbx_lazy('_sbx_hint')(e)


_SBX_RICH = {'items': [], 'budget': 1 << 20, 'seen': {}, 'done': False, 'sent': 0}
_SBX_RICH_MAX_ITEMS = 100  # as core/results.h's RESULTS_MAX_ITEMS


def _sbx_rich_setup():
    import posix
    v = posix.environ.pop(b'SBX_RESULTS_MAX', b'')
    try:
        posix.unsetenv('SBX_RESULTS_MAX')  # the code's environment, as natively
    except OSError:
        pass
    if v.isdigit():
        _SBX_RICH['budget'] = int(v)

    sys.meta_path.insert(0, _SbxAfterImport('matplotlib.pyplot', _sbx_hook_show))

    # display(obj), as a notebook has it (IPython puts it in the builtins):
    # each object's forms are a result, in order (sbx_prelude_rich.py).
    import builtins

    def display(*objs, **kwargs):
        return _sbx_lazy('_sbx_display')(*objs, **kwargs)
    builtins.display = display

    def ipython_display(module):
        module.display = display
    sys.meta_path.insert(0, _SbxAfterImport('IPython.display', ipython_display))

    class IPythonShim:
        # `from IPython.display import display, HTML, Markdown, Image, JSON`
        # where IPython is not installed: sbx's equivalents. Last on the
        # path, so an installed IPython is found first.
        def find_spec(self, fullname, path=None, target=None):
            if fullname not in ('IPython', 'IPython.display'):
                return None
            return __import__('importlib.util').util.spec_from_loader(fullname, self)

        def create_module(self, spec):
            return _sbx_lazy('_sbx_ipython_module')(spec.name)

        def exec_module(self, module):
            pass
    sys.meta_path.append(IPythonShim())


_sbx_audit.__code__ = _sbx_audit.__code__.replace(co_filename='<sbx>')
# All of the set-up but reading and compiling the code comes before the gate
# (in _sbx_setup), so a warm sandbox waits with it done.
_sbx_depth(1 if globals().get('_SBX_KERNEL') else 0)
_sbx_rich_setup()  # sbx: rich results
sys.addaudithook(_sbx_audit)
_sbx = _sbx_setup()
if not globals().get('_SBX_KERNEL'):
    try:
        exec(_sbx[0], _sbx[2])
        _sbx_value = eval(_sbx[1], _sbx[2]) if _sbx[1] is not None else None
    except SystemExit:
        _sbx[6]()
        _sbx_rich = _sbx_rich_end()  # sbx: rich results
        if _sbx_rich:
            _sbx[4]('{' + _sbx_rich[1:] + '}')
        raise
    except MemoryError as _sbx_e:
        _sbx[3](_sbx_e, 'memory_limit')
    except BaseException as _sbx_e:
        _sbx[3](_sbx_e)
    try:
        _sbx_rich = _sbx_result_report(_sbx_value)  # sbx: result and rich results
    except MemoryError as _sbx_e:
        _sbx[3](_sbx_e, 'memory_limit')
    if _sbx_rich:
        _sbx[4](_sbx_rich)
    _sbx_exit_now()
