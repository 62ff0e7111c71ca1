/* an assertion: the message names the program, the file and the line */
#include <assert.h>
#include <stdio.h>

int main(void)
{
	puts("before");
	fflush(stdout);
	int x = 1;
	assert(x == 2);
	return 0;
}
