"""exponential 页面的中文文本（与 ui/text/exponential.py 的键和占位符一一对应）。"""

TEXT: dict[str, str] = {
    "title": "指数机制：在保护隐私的前提下做选择",
    "intro": (
        "有些问题的答案不是数字：选哪项运动、定什么价格、哪个值最常见。给这样的答案加噪声没有意义，"
        "因此指数机制为每个选项打分 q，再随机选出一个：选项 r 被选中的概率正比于 "
        "exp(ε · q(r) / (2 Δq))。Δq 是打分函数的敏感度，即一个人最多能让某个分数改变多少。"
        "好的选项仍然更可能被选中，但没有哪一个人的数据能决定结果。"
    ),
    "tab_vote": "体育项目投票（表 6-4）",
    "tab_price": "南瓜定价",
    "tab_mode": "一列中最常见的值",
    # --- sports vote
    "vote_intro": (
        "学校要根据学生的投票选定一个比赛项目，且不能泄露任何学生的投票。一个项目的分数就是它的得票数；"
        "一名学生最多让一个分数改变 1，因此 Δq = 1。可以编辑表格，试试自己的选项和分数。"
    ),
    "col_option": "选项",
    "col_score": "分数（票数）",
    "editor_open": "编辑表格",
    "editor_not_in_url": (
        "表格不保存在页面地址中：分享的链接会以教材的表格和您的其他设置打开。刷新页面即可恢复教材的表格。"
    ),
    "vote_epsilon": "隐私预算 ε",
    "vote_epsilon_default": (
        "滑块初始为 ε = 0.1（课程表 6-4 中的一列），而不像其他标签页那样为 1。与所有页面一样，"
        "范围为 0.001 到 20；表中 ε = 0 一列（各选项概率相等，结果不透露任何投票信息）见下方。"
    ),
    "sensitivity": "打分函数敏感度 Δq",
    "sensitivity_help": "一个人对任一分数的最大影响。每人一票：Δq = 1。",
    "vote_chart_title": "ε = {eps} 时每个选项\n被选中的概率",
    "option_axis": "选项",
    "probability_axis": "被选中的概率",
    "score_title": "分数",
    "vote_summary": (
        "当 ε = {eps} 时，机制以 **{prob}** 的概率选中 **{best}**（分数 {score}）；"
        "可能性最小的选项概率为 {low}。"
    ),
    "table_probability_now": "ε = {eps} 时的概率",
    "table_probability_at": "ε = {eps}",
    "book_title": "课程表 6-4：教材数值与计算结果对照",
    "book_option": "项目",
    "book_score": "分数",
    "book_printed": "教材，ε = {eps}",
    "book_computed": "计算，ε = {eps}",
    "book_note": (
        "计算值按教材印刷的精度显示。只有一格的最后一位不同：ε = 1 时排球为 0.0759，"
        "教材印作 0.075（截去而非四舍五入）。"
    ),
    "draws_title": "按种子模拟抽取",
    "draws": "模拟抽取次数 N",
    "draws_help": "每次抽取都是对同一组投票运行一次机制。在侧边栏更换种子可得到其他抽取结果。",
    "convergence_title": "前 m 次抽取中\n各选项所占比例\n（虚线：其概率）",
    "draws_axis": "抽取次数 m",
    "share_axis": "抽取占比",
    "draws_summary": (
        "在 {n}中，**{best}** 被选中 {count}，占比 {share}，而其概率为 {prob}。"
        "占比与概率的最大差距为 {gap}；它按 1/√N 的速度缩小。"
    ),
    "selections_one": "1 次模拟抽取",
    "selections_many": "{n} 次模拟抽取",
    "times_one": "1 次",
    "times_many": "{n} 次",
    # --- pumpkin pricing
    "price_story": (
        "课程中的例子：我们把南瓜卖给 Alice、Bob 和 Charlie，Alice 和 Bob 每人最多付 1，Charlie 最多付 3。"
        "定价 1 收入 1 + 1 + 1 = 3；定价 3 只有 Charlie 买，收入也是 3：有两个最优定价。为保护买家的预算，"
        "可以给最优定价加噪声，但哪怕噪声极小，也会大幅损失收益：定价 1.01 只收入 1.01（Alice 和 Bob 不再购买），"
        "定价 3.01 则分文不得。指数机制则以收益为分数，从候选价格中选出一个。"
    ),
    "col_buyer": "买家",
    "col_max_price": "最高愿付价格",
    "price_low": "最低候选价格",
    "price_high": "最高候选价格",
    "price_step": "候选价格的间隔",
    "price_epsilon": "定价所用的隐私预算 ε",
    "price_sensitivity": (
        "分数：价格 r 下的收益，即 r ×（愿付至少 r 的买家人数）。多一个、少一个或改变一个买家，"
        "在价格 r 下最多增减一笔交易，因此收益最多变化 r。所以分数的敏感度就是最高候选价格："
        "**Δq = {delta}**。（下方的加噪定价用的是另一个敏感度 Δ = {width}：它是最优定价本身的敏感度，"
        "而不是收益的敏感度。两个数都对，只是针对不同的量。）"
    ),
    "price_noise_sensitivity": (
        "加噪定价：对最优定价 {best} 加入尺度 b = Δ / ε = {scale} 的拉普拉斯噪声。这里 Δ = {width} "
        "是最优定价本身的敏感度：改变一个买家，最优定价就可能从候选范围的一端跳到另一端，即从 {low} 到 "
        "{high}（课程例子中从 1 到 3），所以 Δ 等于范围的宽度。指数机制不需要对价格设这样的界，"
        "只需要分数的 Δq = {delta}：一个买家对任一收益的最大影响。"
    ),
    "metric_best": "最优定价（无隐私）",
    "metric_best_value": "{revenue}（定价 {price}）",
    "metric_exponential": "指数机制（期望）",
    "metric_noisy": "最优定价 + 拉普拉斯噪声（期望）",
    "price_summary": (
        "当 ε = {eps} 时：最优定价 {price} 收入 **{best}**；指数机制平均收入 **{expo}**；"
        "最优定价加拉普拉斯噪声平均收入 **{noisy}**。"
    ),
    "price_ruinous": (
        "为什么给价格加噪声损失很大：只要噪声把价格推得略高于某个买家的最高愿付价格，这笔交易就整个丢了，"
        "而噪声有一半是正的。所以即使噪声几乎为零，定价 1 + 噪声的平均收入也只有约 (3 + 1) / 2 = 2，"
        "永远达不到 3。指数机制只会选出候选价格，而且随着 ε 增大，几乎必然选中一个最优价格。"
    ),
    "candidates_title": "各候选价格：\n收益（左轴）与\n被选中的概率（右轴）",
    "price_axis": "候选价格",
    "revenue_axis": "收益",
    "buyer_max": "买家最高愿付价格",
    "revenue_curves_title": "期望收益随 ε 的变化",
    "epsilon_axis": "隐私预算 ε",
    "expected_revenue_axis": "期望收益",
    "curve_best": "最优定价（无隐私）",
    "curve_exponential": "指数机制",
    "curve_noisy": "最优定价 + 拉普拉斯噪声",
    "curve_way": "定价方式",
    # --- most common value
    "mode_intro": (
        "一列中哪个值最常见？候选值的分数是拥有该值的人数。增加或删除一个人只会让一个计数改变 1，"
        "因此 Δq = 1。"
    ),
    "mode_column": "列",
    "mode_epsilon": "选择所用的隐私预算 ε",
    "mode_result": (
        "在保护隐私的前提下选出的是 **{chosen}**（{chosen_count}）。真实的最常见值是 **{mode}**"
        "（{mode_count}）；当 ε = {eps} 时，机制选中它的概率为 **{prob}**。"
    ),
    "mode_result_tied": "有多个值并列最高计数，它们都算作最常见值。",
    "mode_chart_title": "各值被选中的概率\n（最常见的在前）",
    "mode_value_axis": "值",
    "count_title": "人数",
    "mode_chosen_label": "隐私选择结果",
    "mode_public": "候选值是该数据集事先声明的公开取值列表，包括数据中未出现的值。",
    "mode_private_candidates": (
        "这里的候选值取自该列中出现的值。真实发布时，候选值必须来自事先确定的公开列表："
        "只列出数据中出现的值，本身就会泄露每个值都有人持有。"
    ),
    "mode_truncated": "该列有 {distinct} 个不同的值；只有最常见的 {kept} 个作为候选。",
    "mode_left_out": "未计入：{missing}的值缺失，{outside}的值不在公开列表中。",
    "mode_bars_truncated": "图中显示 {total} 个候选值中最常见的 {shown} 个。",
    "simulation": "模拟：抽取使用带种子的 numpy 随机数生成器，用来展示机制的表现。",
    "no_columns": "该数据集没有任何列。",
}
