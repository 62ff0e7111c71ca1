// lines on stdin, word counts
package main

import (
	"bufio"
	"fmt"
	"os"
	"strings"
)

func main() {
	sc := bufio.NewScanner(os.Stdin)
	lines, words := 0, 0
	for sc.Scan() {
		lines++
		words += len(strings.Fields(sc.Text()))
	}
	fmt.Printf("%d lines, %d words\n", lines, words)
}
