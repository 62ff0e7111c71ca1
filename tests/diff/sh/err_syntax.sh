echo start
if true; then
  echo inside
fi fi
