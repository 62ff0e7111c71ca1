# A SyntaxError on a tab-indented line: python3 prints the line without
# its tab and one caret line
if True:
	print(1))
