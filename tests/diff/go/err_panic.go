// a panic: Go's message and exit status 2 (its goroutine trace is the
// "trace" aspect: file paths differ)
package main

import "fmt"

func main() {
	fmt.Println("before")
	var s []int
	_ = s[3]
}
