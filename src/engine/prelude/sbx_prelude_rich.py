# sbx prelude for Python, part 2 of 3 (after sbx_prelude.py, before
# sbx_prelude_main.py; build-aux/gen-prelude.sh joins them).
#
# Rich results (README "Rich results"): figures and tables as MIME
# bundles in the report's "results". matplotlib is hooked only when the
# code imports pyplot itself; a program that does not pays one name check
# per import. What sbx is sent is bounded by SBX_RESULTS_MAX (the output
# limit): entries past it go as {"truncated": true, "bytes": N}.
_SBX_RICH = {'items': [], 'budget': 1 << 20, 'seen': {}, 'done': False}
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

    class PyplotHook:
        # Lets the real loader import matplotlib.pyplot, then wraps its
        # show() (see _sbx_hook_show); removes itself on first use.
        def find_spec(self, fullname, path=None, target=None):
            if fullname != 'matplotlib.pyplot':
                return None
            sys.meta_path.remove(self)
            for finder in sys.meta_path:
                spec = getattr(finder, 'find_spec', lambda *a: None)(fullname, path, target)
                if spec is not None:
                    break
            else:
                return None
            loader = spec.loader

            class Hooking:
                def create_module(self, spec):
                    return loader.create_module(spec)

                def exec_module(self, module):
                    spec.loader = module.__loader__ = loader
                    loader.exec_module(module)
                    _sbx_hook_show(module)
            spec.loader = Hooking()
            return spec
    sys.meta_path.insert(0, PyplotHook())


def _sbx_hook_show(plt):
    # plt.show() sends the open figures it shows, then does what it does
    # natively (under Agg: nothing, and the figures stay open).
    show = plt.show

    def wrapper(*args, **kwargs):
        _sbx_rich_figures()
        return show(*args, **kwargs)
    for k in ('__module__', '__name__', '__qualname__', '__doc__'):
        try:
            setattr(wrapper, k, getattr(show, k))
        except (AttributeError, TypeError):
            pass
    wrapper.__wrapped__ = show
    wrapper.__code__ = wrapper.__code__.replace(co_filename='<sbx>')  # not in tracebacks
    plt.show = wrapper


def _sbx_quietly(fn):
    # Drawing may warn or log (fonts, layout); natively plt.show() under Agg
    # draws nothing, so none of it reaches the program's output.
    import io
    saved = sys.stdout, sys.stderr
    sys.stdout = sys.stderr = io.StringIO()
    try:
        return fn()
    except Exception:
        return None
    finally:
        sys.stdout, sys.stderr = saved


def _sbx_rich_add(mime, data):
    if len(_SBX_RICH['items']) < _SBX_RICH_MAX_ITEMS and data is not None:
        _SBX_RICH['items'].append((mime, data))


def _sbx_b64(b):
    import binascii
    return binascii.b2a_base64(bytes(b), newline=False).decode('ascii')


def _sbx_rich_figures():
    # The open figures, by number, that are new or changed since sent.
    helpers = sys.modules.get('matplotlib._pylab_helpers')
    if helpers is None:
        return
    try:
        managers = sorted(helpers.Gcf.get_all_fig_managers(), key=lambda m: m.num)
    except Exception:
        return
    for m in managers:
        fig = getattr(getattr(m, 'canvas', None), 'figure', None)
        if fig is None or (_SBX_RICH['seen'].get(id(fig)) is fig and not fig.stale):
            continue

        def png(fig=fig):
            import io
            buf = io.BytesIO()
            fig.savefig(buf, format='png')
            fig.stale = False  # changed again later: sent again
            return _sbx_b64(buf.getvalue())
        _SBX_RICH['seen'][id(fig)] = fig
        _sbx_rich_add('image/png', _sbx_quietly(png))


_SBX_FORMS = (('_repr_html_', 'text/html'), ('_repr_markdown_', 'text/markdown'),
              ('_repr_svg_', 'image/svg+xml'), ('_repr_png_', 'image/png'),
              ('_repr_jpeg_', 'image/jpeg'), ('_repr_latex_', 'text/latex'))


def _sbx_rich_value(v):
    # The result's notebook forms: a pandas DataFrame or Series, or an
    # object of the notebook protocol (_repr_html_ and the others, found on
    # its class, as IPython does), with text/plain beside them.
    if v is None or isinstance(v, type):
        return
    figure = sys.modules.get('matplotlib.figure')
    if figure is not None and isinstance(v, figure.Figure):
        return  # an open figure: sent as one
    forms = []

    def add(mime, data):
        if isinstance(data, tuple) and data:
            data = data[0]  # (data, metadata)
        if isinstance(data, (bytes, bytearray)):
            data = _sbx_b64(data) if mime.startswith('image/') and 'svg' not in mime \
                else bytes(data).decode('utf-8', 'replace')
        if isinstance(data, str) and data:
            forms.append((mime, data))
    cls = type(v)
    pd = sys.modules.get('pandas')
    if pd is not None and isinstance(v, pd.Series):
        add('text/html', _sbx_quietly(lambda: v.to_frame()._repr_html_()))
    bundle = getattr(cls, '_repr_mimebundle_', None)
    if bundle is not None:
        b = _sbx_quietly(lambda: v._repr_mimebundle_())
        if isinstance(b, tuple) and b:
            b = b[0]
        if isinstance(b, dict):
            for mime, data in b.items():
                if isinstance(mime, str) and mime != 'text/plain':
                    add(mime, data)
    for meth, mime in _SBX_FORMS:
        if getattr(cls, meth, None) is not None and all(m != mime for m, _ in forms):
            add(mime, _sbx_quietly(lambda: getattr(v, meth)()))
    if forms:
        forms.append(('text/plain', _sbx_quietly(lambda: repr(v))))
        for mime, data in forms:
            _sbx_rich_add(mime, data)


def _sbx_rich_end(value=None):
    # The report's ',"results":[...]' (or ''): the figures sent by show(),
    # the result's forms, then the figures still open. Once only.
    if _SBX_RICH['done']:
        return ''
    _SBX_RICH['done'] = True
    _sbx_rich_value(value)
    _sbx_rich_figures()
    if not _SBX_RICH['items']:
        return ''
    import _json
    enc = _json.encode_basestring
    used, out, budget = 0, [], _SBX_RICH['budget']
    for mime, data in _SBX_RICH['items']:
        n = len(data) if data.isascii() else len(data.encode('utf-8', 'replace'))
        if used + n > budget:
            size = n * 3 // 4 - data.count('=', -2) if mime.startswith('image/') and \
                'svg' not in mime else n
            out.append('{"mime":%s,"data":"","truncated":true,"bytes":%d}' % (enc(mime), size))
        else:
            used += n
            out.append('{"mime":' + enc(mime) + ',"data":' + enc(data) + '}')
    _SBX_RICH['items'] = []
    return ',"results":[' + ','.join(out) + ']'

