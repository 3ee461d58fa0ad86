"""planner_sensitivity 页面的中文文本（与 ui/text/planner_sensitivity.py 的键和占位符一一对应）。"""

TEXT: dict[str, str] = {
    # controls (for the page)
    "column": "数值列",
    "lower": "公开的下界",
    "upper": "公开的上界",
    "no_numeric": "该数据集没有数值列：求和、均值或中位数都需要数值列。",
    # who moves the answers
    "one_row": "一个人（一行）最多使它改变 Δ = {d}",
    "m_rows": "一个人最多有 {m} 行，最多使它改变 Δ = {d}（{m} 行 × 1）",
    # counts
    "count": (
        "**`SELECT COUNT(*)`** 在这份数据上返回 {n}。{who}，因此 ε = {eps} 的拉普拉斯机制"
        "添加尺度为 Δ/ε = {b} 的噪声：{confidence} 的情况下误差不超过 ±{a}。"
    ),
    "triple": (
        "**`SELECT 3*COUNT(*)`** 返回 {n3}。一个人使它移动三倍的距离，Δ = {d3}，"
        "所以要隐藏同一个人需要三倍的噪声，尺度 {b3}（±{a3}）。除以 3 之后，"
        "这份噪声就和计数本身的一样：把答案乘以一个公开的数并不能换来更高的准确度"
        "（课程第 6.1.2 节）。"
    ),
    # clamped sum and mean
    "sum": (
        "**{column} 的总和**，每个值截断到 [{lower}, {upper}]：{values}中有 {clamped} 个落在上下界之外"
        "（{below} 个低于下界，{above} 个高于上界），截断使总和偏移 {bias}（即偏差）。"
        "一个人最多使截断后的总和改变 max(|L|, |U|) × m = {textbook}；负责抽取发布的 OpenDP "
        "按 {opendp} 校准（它的上界还考虑了求和的浮点舍入误差，且当上下界异号时取 U − L）。"
        "于是 ε = {eps} 的拉普拉斯噪声尺度为 {b}：{confidence} 的情况下误差不超过 ±{a}。"
    ),
    "mean": (
        "**{column} 的均值**：截断后的总和除以值的个数，两者各用 ε/2 发布"
        "（噪声尺度分别为 {b_sum} 和 {b_count}）。截断使均值偏移 {bias}；"
        "噪声使它在 {confidence} 的情况下误差不超过 ±{a}。"
    ),
    "mean_unbounded": (
        "**{column} 的均值**：截断后的总和除以值的个数，两者各用 ε/2 发布"
        "（噪声尺度分别为 {b_sum} 和 {b_count}）。截断使均值偏移 {bias}；但在这个 ε 下，"
        "计数的噪声可能与计数本身一样大，因此均值的误差没有上界：请增大 ε，或在更多的值上发布。"
    ),
    "tradeoff": (
        "上下界越宽，被截断的值越少（偏差越小），但一个人能使总和改变得更多（噪声越大）；"
        "上下界越窄则相反。在图中的网格上，这里偏差加噪声最小的上界是 {best}。"
        "从数据中读出最佳上下界本身就是一种泄露：上下界应取自公开知识"
        "（或花一部分预算做差分隐私的分位数估计）。"
    ),
    "value_one": "{n} 个值",
    "value_many": "{n} 个值",
    # median: local versus global
    "median": (
        "**{column} 的中位数**（值截断到 [{lower}, {upper}]）：{median}。它的局部敏感度，"
        "即在这份数据上增加或删除一行所能造成的最大变化，为 {local}；它的全局敏感度，"
        "即在上下界内所有数据集上的最大变化，为 {global_}（U − L 的一半）。"
    ),
    "median_m": (
        "一个最多有 {m} 行的人可以使中位数移动整个范围，U − L = {range}："
        "这才是保护他的全局敏感度。"
    ),
    "median_not_dp": (
        "按局部敏感度设定的噪声（ε = {eps} 时尺度为 {local_scale}，而不是 {global_scale}）"
        "不满足差分隐私：局部敏感度取决于数据，所以噪声的大小本身就透露了数据中的行。"
    ),
    "median_neighbour": (
        "例如，删除一行（值为 {value}，位于中位数处或紧邻中位数）得到一个相邻数据集，"
        "其中位数为 {median}，局部敏感度为 {local}，而不是 {local_d}：噪声的幅度会随这一行而改变，"
        "看到噪声幅度的攻击者就能知道这一行是否在数据中。"
    ),
    "median_exact": "在局部敏感度为 0 的地方，中位数甚至会被原样精确发布。",
    "median_no_neighbour": (
        "在这份数据上，删除中位数附近任意一行，局部敏感度仍为 {local}；在别的数据上它会改变，"
        "只有对所有数据集都成立的上界（全局敏感度）才能使噪声与谁在数据中无关。"
    ),
    "median_fix": (
        "因此，计划中的中位数改为在公开候选值中做选择来发布（属于指数机制一类），"
        "它在任何数据集上都满足差分隐私。"
    ),
    # table
    "col_statistic": "统计量",
    "col_value": "在这份数据上",
    "col_sensitivity": "Δ（一个人）",
    "col_scale": "该 ε 下的拉普拉斯尺度",
    "col_accuracy": "{confidence} 的情况下误差不超过",
    "col_bias": "截断造成的偏差",
    "name_count": "`COUNT(*)`",
    "name_triple": "`3*COUNT(*)`",
    "name_sum": "{column} 的总和",
    "name_mean": "{column} 的均值",
    "mean_parts": "{sum} 和 {count}",
    "within": "±{a}",
    # chart
    "chart_title": "截断后总和的偏差与噪声\n随公开上界的变化",
    "chart_x": "公开的上界",
    "chart_y": "总和的误差",
    "chart_bias": "偏差（截断）",
    "chart_noise": "噪声（{confidence} ±）",
    "chart_total": "两者之和",
    "chart_chosen": "你的上界",
}
