/* stdout, stderr, the exit status, argv[0] as ./PROG */
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
	printf("argc=%d name=%s\n", argc, argv[0]);
	fprintf(stderr, "to stderr\n");
	for (int i = 0; i < 3; i++)
		printf("%d%s", i * i, i < 2 ? " " : "\n");
	return 3;
}
