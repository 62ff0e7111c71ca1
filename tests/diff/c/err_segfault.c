/* a crash: the signal and its status, as the shell sees them */
#include <stdio.h>

int main(void)
{
	puts("before the crash");
	fflush(stdout);
	volatile int *p = NULL;
	*p = 1;
	return 0;
}
