df <- data.frame(id = 1:6, group = c("a", "b", "a", "c", "b", "a"), value = c(10, 20, 15, 5, 25, 30))
df$double <- df$value * 2
df
subset(df, value > 12, select = c(id, value))
df[df$group == "a", "value"]
merge(df, data.frame(group = c("a", "b"), label = c("Alpha", "Beta")), by = "group")
do.call(rbind, lapply(split(df, df$group), function(d) data.frame(group = d$group[1], total = sum(d$value))))
transform(df, ratio = round(value / sum(value), 3))
colnames(df)
df[nrow(df):1, ]
