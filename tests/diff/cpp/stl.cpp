// containers, algorithms, streams, exceptions
#include <algorithm>
#include <iostream>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

int main()
{
	std::vector<int> v{5, 3, 9, 1};
	std::sort(v.begin(), v.end());
	for (int x : v)
		std::cout << x << ' ';
	std::cout << '\n';
	std::map<std::string, int> m{{"b", 2}, {"a", 1}};
	for (const auto &[k, val] : m)
		std::cout << k << '=' << val << '\n';
	try {
		throw std::runtime_error("caught");
	} catch (const std::exception &e) {
		std::cerr << e.what() << '\n';
	}
	std::cout << std::string(3, '*') << std::endl;
	return 0;
}
