"""planner_clamping 页面的中文文本（与 ui/text/planner_clamping.py 的键和占位符一一对应）。"""

TEXT: dict[str, str] = {
    "tab": "4. 取值的上下界",
    "intro": (
        "求和或均值先把每个值截断到公开的上下界 [L, U]。U 越高，被截断的值越少"
        "（偏差越小），但一个人能使结果移动得越远（噪声越大）：最好的 U "
        "在两者之间取得平衡。下界 L 保持不变。"
    ),
    "statistic": "显示的统计量",
    "none": (
        "计划中没有带公开上下界、可以权衡的求和或均值（在左侧添加一个，"
        "或修正计划中显示有问题的那一行）。"
    ),
    # chart
    "chart_title": "{name}：\n误差与 U（95%，以统计量自身的单位）",
    "chart_x": "公开的上界 U",
    "chart_y": "误差（95%）",
    "chart_total": "偏差 + 噪声",
    "chart_noise": "噪声（随 U 增大）",
    "chart_bias": "偏差（被截断的值）",
    "best_note": "最好：U = {upper}",
    "yours_note": "你的：U = {upper}",
    # table
    "col_statistic": "统计量",
    "col_best": "最好的 U",
    "col_at_best": "最好的 U 处的误差",
    "col_at_yours": "你的 U 处的误差",
    "within": "±{a}",
    # reading
    "reading": (
        "对于 **{name}**（下界 {lower}），在这份数据上最小的误差 ±{at_best} 出现在 "
        "**U = {best}**：偏差 {bias_best}，噪声 ±{noise_best}。你的 U = {upper} 给出 "
        "±{at_yours}：高于它的{clamped}带来 {bias} 的偏差，噪声为 ±{noise}，"
        "按计划中该统计量的 ε = {epsilon} 计算。"
    ),
    "lower_pays": "更低的 U 会截断更多的值，但它减少的噪声比增加的偏差更多。",
    "higher_pays": "更高的 U 会增加噪声，但它截断更少的值，消除的偏差比增加的噪声更多。",
    "yours_best": "你的 U 与图中网格上最好的那个一样好（相差不到千分之五）。",
    "value_one": " {n} 个值",
    "value_many": " {n} 个值",
    "not_private": (
        "这条曲线读取了数据（它的值，直到最大的那个）：它给出的最好 U "
        "是**关于数据的事实，没有任何预算为它付费**，按它截断的发布透露的比它的 ε 更多。"
        "请从公开的知识（表格的取值范围、法规、单位的极限）中取上下界，"
        "或者在下方以私密的方式获得建议，其花费记入账本。"
    ),
    "apply": "把 U = {upper} 用于{name}",
    # the private suggestion
    "suggest_title": "以私密方式建议的上下界",
    "suggest_intro": (
        "OpenDP 在 {count} 个公开的候选值中抽取 **{column}** 的 {low_q} 和 {high_q} "
        "分位数，候选值分布在你不看数据就给出的一个宽范围内；每个分位数用一半的 ε："
        "合计为 ε，记入本次会话的账本（发布标签页）。有标识列时，每个人先最多保留 m 行，"
        "用秘密的随机性重新选出。"
    ),
    "range_low": "宽的公开范围：从",
    "range_high": "到",
    "suggest_epsilon": "建议所花费的 ε",
    "suggest_button": "以私密方式建议上下界（花费 ε = {epsilon}）",
    "ledger_what": "{column} 的上下界（两个私密分位数）",
    "suggested": (
        "为 **{column}** 以私密方式建议的上下界：**[{lower}, {upper}]**，即用 OpenDP "
        "以合计 ε = {epsilon}（纯差分隐私，已记入账本）抽取的 {low_q} 和 {high_q} 分位数。"
        "它们带有噪声：在小表上可能偏离很多行，应用之前请与你已知的情况对照。"
    ),
    "apply_suggested": "把 [{lower}, {upper}] 用于{name}",
}
