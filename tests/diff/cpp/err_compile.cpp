#include <string>

int main()
{
	std::string s = 42;
	return s.size();
}
