fit <- lm(mpg ~ wt + hp, data = mtcars)
fit
summary(fit)
anova(fit)
round(predict(fit, newdata = data.frame(wt = c(2.5, 3.5), hp = c(100, 150))), 3)
