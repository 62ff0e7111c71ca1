/* numbers on stdin, as a judge gives them */
#include <stdio.h>

int main(void)
{
	long n, sum = 0, count = 0;
	while (scanf("%ld", &n) == 1) {
		sum += n;
		count++;
	}
	printf("%ld numbers, sum %ld\n", count, sum);
	return 0;
}
