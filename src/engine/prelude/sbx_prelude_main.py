# sbx prelude for Python, part 3 of 3 (after sbx_prelude.py and
# sbx_prelude_rich.py): the set-up is applied, then the code runs, unless a
# session's kernel (sbx_kernel.py, appended after this) runs it instead.

_sbx_audit.__code__ = _sbx_audit.__code__.replace(co_filename='<sbx>')
_sbx = _sbx_setup()
_sbx_depth(1 if globals().get('_SBX_KERNEL') else 0)
_sbx_rich_setup()  # sbx: rich results
sys.addaudithook(_sbx_audit)
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
