# sbx prelude for Python, part 3 of 4, compiled on first use (see
# _sbx_lazy in sbx_prelude_main.py; build-aux/gen-prelude.sh embeds it as
# text): the result's JSON (_sbx_to_json) and its rich forms. What every
# run needs (the budget, the pyplot hook) is in sbx_prelude_main.py.
#
# Rich results (README "Rich results"): figures and tables as MIME
# bundles in the report's "results". matplotlib is hooked only when the
# code imports pyplot itself; a program that does not pays one name check
# per import. What sbx is sent is bounded by SBX_RESULTS_MAX (the output
# limit): entries past it go as {"truncated": true, "bytes": N}.


class _SbxOver(Exception):
    # The result's JSON passed the budget: rendering stopped there. bytes is
    # how far it got (more than the budget: a lower bound of the whole).
    def __init__(self, n):
        self.bytes = n


def _sbx_to_json(v, budget=None):
    # The result as natural JSON: what JSON has no type for becomes its
    # nearest JSON form (see README "Results"); repr() only when nothing
    # else fits. numpy and pandas are looked at only when the program
    # imported them. Bounded (README "Rich results"): past budget bytes it
    # raises _SbxOver instead of rendering the rest, so a 10-million-row
    # frame costs what a budget's worth of rows does.
    import _json
    enc = _json.encode_basestring
    mods = sys.modules
    left = [(1 << 62) if budget is None else budget]

    def take(n):
        # Counts n bytes of output against the budget.
        left[0] -= n
        if left[0] < 0:
            raise _SbxOver(budget - left[0])

    def fits(count, each=2):
        # A container of count items takes at least each bytes per item:
        # over the budget before any is rendered.
        if count * each > left[0] + 1:
            raise _SbxOver(budget - left[0] + count * each)
    np = mods.get('numpy')
    pd = mods.get('pandas')
    dt = mods.get('datetime')
    dec = mods.get('decimal')

    def safe_repr(x):
        try:
            return repr(x)
        except BaseException:
            return '<%s object>' % type(x).__name__

    def key(k):
        if isinstance(k, str):
            return k
        if k is None or k is True or k is False or isinstance(k, (int, float)):
            return conv(k, 0, set(), False).strip('"')
        if dt is not None and isinstance(k, (dt.date, dt.time)):
            return k.isoformat()
        if np is not None and isinstance(k, np.generic):
            return key(k.item())
        return safe_repr(k)

    def counted(s):
        # A leaf's text (and its separator) counts; a container's own was
        # counted by its items.
        take(1 if s[-1:] in ']}' else len(s) + 1)
        return s

    def seq(items, depth, path, na):
        return '[' + ','.join(counted(conv(x, depth + 1, path, na)) for x in items) + ']'

    def obj(pairs, depth, path, na):
        return '{' + ','.join(counted(enc(key(k)) + ':' + conv(x, depth + 1, path, na))
                              for k, x in pairs) + '}'

    def conv(x, depth, path, na):
        if x is None or x is True:
            return 'null' if x is None else 'true'
        if x is False:
            return 'false'
        t = type(x)
        if t is str:
            fits(len(x) + 2, 1)
            return enc(x)
        if isinstance(x, int):
            if -(1 << 63) <= x < (1 << 63):
                return int.__repr__(x)
            try:
                return enc(int.__repr__(x))  # beyond 64 bits: digits as a string
            except ValueError:
                # Past the interpreter's int_max_str_digits: no digits here
                # either (the conversion is quadratic); named as reprlib does.
                return enc(_SbxShortRepr().repr_int(x, 0))
        if isinstance(x, float):
            if x == x and x not in (float('inf'), float('-inf')):
                return float.__repr__(x)
            return 'null' if na else enc(float.__repr__(x))
        if isinstance(x, str):
            return enc(str.__str__(x))
        if depth > 100:
            return enc('...')
        if isinstance(x, (bytes, bytearray, memoryview)):
            fits(len(x) + 2, 1)
            b = bytes(x)
            try:
                return enc(b.decode('utf-8'))
            except UnicodeDecodeError:
                import binascii
                return enc(binascii.b2a_base64(b, newline=False).decode('ascii'))
        if dt is not None and isinstance(x, (dt.date, dt.time)):
            if pd is not None and x is pd.NaT:
                return 'null'
            return enc(x.isoformat())
        if dt is not None and isinstance(x, dt.timedelta):
            return conv(x.total_seconds(), depth, path, na)
        if dec is not None and isinstance(x, dec.Decimal):
            # A number when a double holds it exactly as written, else
            # the exact digits as a string.
            if x.is_finite():
                f = float(x)
                if dec.Decimal(float.__repr__(f)) == x:
                    return float.__repr__(f) if x != x.to_integral_value() \
                        or abs(f) >= 1e16 else str(int(x))
            return enc(str(x))
        if np is not None:
            if isinstance(x, np.generic):
                if isinstance(x, np.datetime64):
                    return 'null' if np.isnat(x) else enc(str(x))
                return conv(x.item(), depth, path, na)
            if isinstance(x, np.ndarray):
                fits(x.size)  # before tolist(), which copies every element
                return conv(x.tolist(), depth, path, na)
        if pd is not None:
            if x is pd.NaT or x is getattr(pd, 'NA', None):
                return 'null'
            if isinstance(x, pd.DataFrame):
                # Only the rows that can fit are looked at (each takes 3
                # bytes or more): a longer frame stops in them.
                x = x.iloc[:left[0] // 3 + 1]
                idx = x.index
                if not (isinstance(idx, pd.RangeIndex) and idx.start == 0 and idx.step == 1):
                    x = x.reset_index()  # a meaningful index is a field
                cols = [str(c) for c in x.columns]
                return '[' + ','.join(
                    obj(zip(cols, row), depth + 1, path, True)
                    for row in x.itertuples(index=False, name=None)) + ']'
            if isinstance(x, pd.Series):
                x = x.iloc[:left[0] // 2 + 1]
                idx = x.index
                if isinstance(idx, pd.RangeIndex) and idx.start == 0 and idx.step == 1:
                    return seq(x.tolist(), depth, path, True)
                return obj(zip(idx.tolist(), x.tolist()), depth, path, True)
            if isinstance(x, pd.Index):
                return seq(x[:left[0] // 2 + 1].tolist(), depth, path, True)
            if isinstance(x, pd.Timedelta):
                return conv(x.total_seconds(), depth, path, na)
        if id(x) in path:
            return enc('...')
        if isinstance(x, (dict, list, tuple, set, frozenset)):
            fits(len(x))
        if isinstance(x, dict):
            path.add(id(x))
            out = obj(x.items(), depth, path, na)
        elif isinstance(x, tuple) and hasattr(type(x), '_fields'):
            path.add(id(x))  # a namedtuple: its fields by name
            out = obj(zip(type(x)._fields, x), depth, path, na)
        elif isinstance(x, (list, tuple)):
            path.add(id(x))
            out = seq(x, depth, path, na)
        elif isinstance(x, (set, frozenset)):
            path.add(id(x))
            try:
                items = sorted(x)
            except TypeError:
                items = list(x)
            out = seq(items, depth, path, na)
        elif hasattr(t, '__dataclass_fields__') and not isinstance(x, type):
            path.add(id(x))
            fields = [f for f, d in t.__dataclass_fields__.items()
                      if type(d).__name__ == 'Field' and str(getattr(d, '_field_type', '')) in ('_FIELD', '')]
            out = obj(((f, getattr(x, f)) for f in fields), depth, path, na)
        else:
            m = mods.get('enum')
            if m is not None and isinstance(x, m.Enum):
                return conv(x.value, depth, path, na)
            return enc(safe_repr(x))
        path.discard(id(x))
        return out

    out = conv(v, 0, set(), False)
    if budget is not None and len(out) > budget:  # what the count left out
        raise _SbxOver(len(out))
    return out


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
        # Streamed now, as the record will hold it (the same budget).
        entry, _SBX_RICH['sent'] = _sbx_rich_entry(mime, data, _SBX_RICH['sent'])
        _sbx[9](entry)


def _sbx_rich_entry(mime, data, used):
    # One item's JSON in the report's "results" and the bytes of data used
    # after it: past the budget, or left out where it was made (data is
    # then its size), it is named with its size instead.
    import _json
    enc = _json.encode_basestring
    if type(data) is int:
        return '{"mime":%s,"data":"","truncated":true,"bytes":%d}' % (enc(mime), data), used
    n = len(data) if data.isascii() else len(data.encode('utf-8', 'replace'))
    if used + n > _SBX_RICH['budget']:
        size = n * 3 // 4 - data.count('=', -2) if mime.startswith('image/') and \
            'svg' not in mime else n
        return '{"mime":%s,"data":"","truncated":true,"bytes":%d}' % (enc(mime), size), used
    return '{"mime":' + enc(mime) + ',"data":' + enc(data) + '}', used + n


def _sbx_b64(b):
    import binascii
    return binascii.b2a_base64(bytes(b), newline=False).decode('ascii')


def _sbx_rich_figures(skip=()):
    # The open figures, by number, that are new or changed since sent
    # (but those in skip, which display() sends itself).
    helpers = sys.modules.get('matplotlib._pylab_helpers')
    if helpers is None:
        return
    try:
        managers = sorted(helpers.Gcf.get_all_fig_managers(), key=lambda m: m.num)
    except Exception:
        return
    for m in managers:
        fig = getattr(getattr(m, 'canvas', None), 'figure', None)
        if fig is None or (_SBX_RICH['seen'].get(id(fig)) is fig and not fig.stale) or \
                any(fig is f for f in skip):
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


def _sbx_int_digits(x):
    # About how many decimal digits int x has, without converting it.
    return 1 + int(x.bit_length() * 0.30102999566398120)


class _SbxShortRepr(__import__('reprlib').Repr):
    def repr_int(self, x, level):
        # An int past sys.get_int_max_str_digits() has no repr() (ValueError);
        # named as Python 3.14's reprlib names it.
        try:
            return super().repr_int(x, level)
        except ValueError:
            return '<int instance with roughly %d digits>' % _sbx_int_digits(x)


def _sbx_short_repr(v):
    # Python's own bounded representation (reprlib: the first items of each
    # container, long strings cut in the middle), for a result whose JSON
    # was left out.
    r = _SbxShortRepr()
    r.maxlevel = 4
    r.maxdict = r.maxlist = r.maxtuple = r.maxset = r.maxfrozenset = 20
    r.maxdeque = r.maxarray = 20
    r.maxstring, r.maxlong, r.maxother = 400, 400, 4000
    return r.repr(v)


def _sbx_rich_value(v, over=None):
    # The result's notebook forms: a pandas DataFrame or Series, or an
    # object of the notebook protocol (_repr_html_ and the others, found on
    # its class, as IPython does), with text/plain beside them. over: the
    # bytes its JSON reached when rendering stopped at the budget; then
    # the forms say so (application/json, truncated) and have a text/plain.
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
    elif over is not None:
        forms.append(('text/plain', _sbx_quietly(lambda: _sbx_short_repr(v))))
    if over is not None:
        forms.append(('application/json', over))
    for mime, data in forms:
        _sbx_rich_add(mime, data)


def _sbx_display(*objs, raw=False, include=None, exclude=None, **kwargs):
    # display(obj, ...): each object's notebook forms, in order, after the
    # figures drawn before it (as a notebook shows them): a DataFrame's
    # table, an object's _repr_html_ and the others, a figure's PNG, else
    # its text/plain. raw=True: each object is a {mime: data} bundle.
    figure = sys.modules.get('matplotlib.figure')
    shown = [v for v in objs if figure is not None and isinstance(v, figure.Figure)]
    _sbx_rich_figures(skip=shown)
    for v in objs:
        if raw and isinstance(v, dict):
            for mime, data in v.items():
                if isinstance(mime, str) and isinstance(data, str):
                    _sbx_rich_add(mime, data)
            continue
        if figure is not None and isinstance(v, figure.Figure):
            def png(fig=v):
                import io
                buf = io.BytesIO()
                fig.savefig(buf, format='png')
                fig.stale = False  # sent: not again at the end unless changed
                return _sbx_b64(buf.getvalue())
            _SBX_RICH['seen'][id(v)] = v
            _sbx_rich_add('image/png', _sbx_quietly(png))
            continue
        before = len(_SBX_RICH['items'])
        _sbx_rich_value(v)
        if len(_SBX_RICH['items']) == before and v is not None:
            _sbx_rich_add('text/plain', _sbx_quietly(lambda: repr(v)))


def _sbx_ipython_module(name):
    # IPython.display's classes where IPython is not installed: each holds
    # its data and gives it by the notebook protocol (_repr_*_), so
    # display() shows it as IPython would.
    import types
    m = types.ModuleType(name)
    if name == 'IPython':
        m.__path__ = []  # a package: IPython.display is found below it
        m.display = display
        return m

    class _Data:
        _mime = 'text/plain'

        def __init__(self, data=None, url=None, filename=None, **kwargs):
            if filename is not None and data is None:
                with open(filename, 'rb' if self._binary() else 'r') as f:
                    data = f.read()
            self.data, self.url = data, url

        @staticmethod
        def _binary():
            return False

        def __repr__(self):
            return '<IPython.core.display.%s object>' % type(self).__name__

    def form(cls_name, mime, binary=False):
        def repr_(self):
            return self.data
        attrs = {'_mime': mime, '_binary': staticmethod(lambda: binary)}
        meth = {'text/html': '_repr_html_', 'text/markdown': '_repr_markdown_',
                'image/svg+xml': '_repr_svg_', 'text/latex': '_repr_latex_',
                'image/png': '_repr_png_', 'image/jpeg': '_repr_jpeg_'}.get(mime)
        if meth:
            attrs[meth] = repr_
        return type(cls_name, (_Data,), attrs)
    m.HTML = form('HTML', 'text/html')
    m.Markdown = form('Markdown', 'text/markdown')
    m.SVG = form('SVG', 'image/svg+xml')
    m.Latex = form('Latex', 'text/latex')

    class Image(_Data):
        @staticmethod
        def _binary():
            return True

        def __init__(self, data=None, url=None, filename=None, format=None, **kwargs):
            super().__init__(data, url, filename)
            fmt = (format or (filename or '').rsplit('.', 1)[-1] or 'png').lower()
            self._mime = 'image/jpeg' if fmt in ('jpg', 'jpeg') else 'image/png'

        def _repr_mimebundle_(self, include=None, exclude=None):
            return {self._mime: self.data}

    class JSON(_Data):
        def _repr_mimebundle_(self, include=None, exclude=None):
            import json
            return {'application/json': json.dumps(self.data)}
    m.Image, m.JSON = Image, JSON
    m.display = display
    m.Pretty = form('Pretty', 'text/plain')
    return m


def _sbx_rich_end(value=None, over=None):
    # The report's ',"results":[...]' (or ''): the figures sent by show(),
    # the result's forms, then the figures still open. Once only.
    if _SBX_RICH['done']:
        return ''
    _SBX_RICH['done'] = True
    _sbx_rich_value(value, over)
    _sbx_rich_figures()
    if not _SBX_RICH['items']:
        return ''
    used, out = 0, []
    for mime, data in _SBX_RICH['items']:
        entry, used = _sbx_rich_entry(mime, data, used)
        out.append(entry)
    _SBX_RICH['items'] = []
    return ',"results":[' + ','.join(out) + ']'



def _sbx_result_report(value):
    # The report of an execution that ended with value (None: no result):
    # its JSON, bounded by the budget as the forms are, and its forms. A
    # value over the budget is left out and named, never an error: the
    # run's status follows the code, not the size of its value.
    import _json
    over = js = None
    if value is not None:
        try:
            js = _sbx_to_json(value, _SBX_RICH['budget'])
        except _SbxOver as e:
            over = e.bytes
        except RecursionError:
            js = _sbx_quietly(lambda: _json.encode_basestring(repr(value)))
        except Exception:
            js = None  # a value sbx cannot convert: no result, never a failure
    rich = _sbx_rich_end(value, over)
    if js is not None:
        return '{"result":' + js + rich + '}'
    return '{' + rich[1:] + '}' if rich else None
