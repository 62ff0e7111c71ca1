String json = """
    {
      "name": "sbx",
      "langs": ["js", "py"]
    }
    """;
System.out.print(json);
System.out.println(json.lines().count() + " lines");
