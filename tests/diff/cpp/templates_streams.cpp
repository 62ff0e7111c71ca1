// templates, lambdas, smart pointers, string streams, iomanip
#include <iomanip>
#include <iostream>
#include <memory>
#include <numeric>
#include <sstream>
#include <vector>

template <typename T> T sum(const std::vector<T> &v) { return std::accumulate(v.begin(), v.end(), T{}); }

struct Shape {
	virtual ~Shape() = default;
	virtual double area() const = 0;
};
struct Square : Shape {
	double s;
	explicit Square(double x) : s(x) {}
	double area() const override { return s * s; }
};

int main()
{
	std::vector<double> v{1.5, 2.25, 3.125};
	std::cout << std::fixed << std::setprecision(3) << sum(v) << '\n';
	std::unique_ptr<Shape> sq = std::make_unique<Square>(2.5);
	std::cout << "area " << sq->area() << '\n';
	std::ostringstream os;
	os << std::hex << 255 << ' ' << std::setw(6) << std::setfill('0') << 42;
	std::cout << os.str() << std::endl;
	auto twice = [](int x) { return 2 * x; };
	std::cout << std::dec << twice(21) << std::endl;
	return 0;
}
