import ipaddress
net = ipaddress.ip_network("192.168.1.0/28")
print(net, net.num_addresses, net.netmask, net.broadcast_address)
print([str(h) for h in list(net.hosts())[:3]])
print(ipaddress.ip_address("192.168.1.5") in net, ipaddress.ip_address("10.0.0.1").is_private)
print(ipaddress.ip_address("::1"), ipaddress.IPv6Address("2001:db8::1").exploded)
print(list(ipaddress.ip_network("10.0.0.0/24").subnets(new_prefix=26)))
