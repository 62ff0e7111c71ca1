// an uncaught exception: the runtime's message, abort's status
#include <iostream>
#include <stdexcept>

int main()
{
	std::cout << "start" << std::endl;
	throw std::logic_error("nobody catches this");
}
