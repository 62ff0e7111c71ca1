// goroutines, channels, a WaitGroup, a sorted result
package main

import (
	"fmt"
	"sort"
	"sync"
)

func main() {
	results := make(chan int, 10)
	var wg sync.WaitGroup
	for i := 1; i <= 10; i++ {
		wg.Add(1)
		go func(n int) {
			defer wg.Done()
			results <- n * n
		}(i)
	}
	wg.Wait()
	close(results)
	var squares []int
	for r := range results {
		squares = append(squares, r)
	}
	sort.Ints(squares)
	fmt.Println(squares)
	fmt.Printf("%5.2f|%-4s|%x|%v\n", 3.14159, "go", 255, map[string]int{"z": 1, "a": 2})
}
