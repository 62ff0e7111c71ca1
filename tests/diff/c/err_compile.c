#include <stdio.h>

int main(void)
{
	printf("%d\n", undefined_variable);
	return 0;
}
