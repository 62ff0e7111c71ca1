/* structs, qsort, string functions, printf's conversions */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct item {
	char name[16];
	double price;
	int qty;
};

static int by_price(const void *a, const void *b)
{
	const struct item *x = a, *y = b;
	return (x->price > y->price) - (x->price < y->price);
}

int main(void)
{
	struct item items[] = {{"pear", 0.5, 10}, {"apple", 0.25, 4}, {"melon", 3.0, 1}};
	size_t n = sizeof items / sizeof items[0];
	qsort(items, n, sizeof items[0], by_price);
	double total = 0;
	for (size_t i = 0; i < n; i++) {
		printf("%-8s %6.2f x %2d\n", items[i].name, items[i].price, items[i].qty);
		total += items[i].price * items[i].qty;
	}
	printf("total %.2f, %zu items, %x %o %e\n", total, n, 255, 8, 12345.678);
	char buf[64];
	snprintf(buf, sizeof buf, "%s-%s", items[0].name, items[2].name);
	printf("%s %zu %d\n", buf, strlen(buf), strcmp("a", "b") < 0);
	return 0;
}
