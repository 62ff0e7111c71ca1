import java.util.*;
import java.util.stream.*;

List<Integer> nums = new ArrayList<>(List.of(5, 3, 8, 1, 9, 2));
Collections.sort(nums);
System.out.println(nums);
System.out.println(nums.stream().filter(n -> n % 2 == 0).map(n -> n * n).collect(Collectors.toList()));
System.out.println("max=" + Collections.max(nums) + " min=" + Collections.min(nums));
