set.seed(42)
x <- rnorm(30, mean = 10, sd = 2)
round(mean(x), 4)
round(quantile(x), 4)
y <- 3 * x + rnorm(30)
fit <- lm(y ~ x)
round(coef(fit), 4)
t.test(x, mu = 10)
cor.test(x, y)$estimate
