// fmt, os.Args, stderr, the exit status
package main

import (
	"fmt"
	"os"
	"sort"
	"strings"
)

func main() {
	fmt.Println("args:", len(os.Args))
	words := strings.Fields("the quick brown fox")
	sort.Strings(words)
	fmt.Println(strings.Join(words, ","))
	fmt.Fprintln(os.Stderr, "to stderr")
	m := map[string]int{"b": 2, "a": 1}
	fmt.Println(m)
	os.Exit(4)
}
