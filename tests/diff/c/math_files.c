/* libm, formatting of doubles, a file in the working directory */
#include <math.h>
#include <stdio.h>

int main(void)
{
	printf("%.10f %.3e %g\n", sqrt(2.0), exp(10.0), pow(2.0, 0.5));
	FILE *f = fopen("out.txt", "w");
	if (!f)
		return 1;
	fprintf(f, "written\n");
	fclose(f);
	char line[64];
	f = fopen("out.txt", "r");
	if (f && fgets(line, sizeof line, f))
		fputs(line, stdout);
	if (f)
		fclose(f);
	remove("out.txt");
	return 0;
}
